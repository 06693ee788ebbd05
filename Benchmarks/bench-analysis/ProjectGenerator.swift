import Analysis

/// Builds the source tree of the large project the benchmark analyses: for every custom
/// class of the corpus, a Swift or Objective-C class that declares what Interface Builder
/// connects to it and loads its own nib the usual way; the rest of the files are the
/// models, services and code-built views a real app has. A project like this one builds and
/// runs, so it raises few findings: about one view in a hundred substitutes itself with a
/// nib-loaded copy and keeps the §4.1/§4.2 rules busy, as in a real project.
struct ProjectGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// `count` source files (an Objective-C class is a `.h` and a `.m`).
    mutating func sources(count: Int, profiles: [ClassProfile]) -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for (index, profile) in profiles.enumerated() where files.count + 2 <= count {
            let folder = "App/\(profile.appKit ? "Mac" : "iOS")/Feature\(index % 40)"
            if next() % 10 < 3 {
                files.append(("\(folder)/\(profile.name).h", objcHeader(profile)))
                files.append(("\(folder)/\(profile.name).m", objcImplementation(profile)))
            } else {
                files.append(("\(folder)/\(profile.name).swift", swiftClass(profile, substitutes: next() % 100 == 0)))
            }
        }
        var index = 0
        while files.count < count {
            files.append(("Core/Module\(index % 40)/Model\(index).swift", index % 5 == 4 ? codeBuiltView(index) : modelAndService(index)))
            index += 1
        }
        return files
    }

    private mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    private func swiftClass(_ profile: ClassProfile, substitutes: Bool) -> String {
        let kit = profile.appKit ? "AppKit" : "UIKit"
        let view = profile.appKit ? "NSView" : "UIView"
        let outlets = profile.outlets.map { "    @IBOutlet weak var \($0): \(view)!" }
        let inspectables = profile.inspectables.map { "    @IBInspectable var \($0): CGFloat = 0" }
            + profile.boundKeys.map { "    @objc dynamic var \($0): Any?" }
        let actions = profile.actions.map { "    @IBAction \(Self.swiftSignature(ofSelector: $0)) {\n        handle(#function)\n    }" }
        var loading: [String] = []
        if profile.rootOfOwnNib {
            loading.append("""
                static func make() -> \(profile.name)? {
                    Bundle.main.loadNibNamed("\(profile.name)", owner: nil, options: nil)?.first as? \(profile.name)
                }
            """)
            if substitutes && !profile.appKit && profile.superclass == "UIView" {
                loading.append("""
                    override func awakeAfter(using coder: NSCoder) -> Any? {
                        guard subviews.isEmpty else { return self }
                        guard let view = \(profile.name).make() else { return self }
                        view.frame = frame
                        view.autoresizingMask = autoresizingMask
                        return view
                    }
                """)
            }
        }
        if profile.ownerOfOwnNib && profile.superclass.hasSuffix("ViewController") {
            loading.append("""
                convenience init() {
                    self.init(nibName: "\(profile.name)", bundle: nil)
                }
            """)
        }
        let body = (outlets + inspectables).joined(separator: "\n") + "\n    private var events: [String] = []\n\n"
            + (loading + actions).joined(separator: "\n\n")
        return """
        import \(kit)

        /// \(profile.name): laid out in Interface Builder.
        class \(profile.name): \(profile.superclass) {
        \(body)

            private func handle(_ event: String) {
                events.append(event)
                if events.count > 100 { events.removeFirst() }
            }
        }
        """
    }

    /// `didTap:` → `func didTap(_ sender: Any?)`; `reload` → `func reload()`.
    static func swiftSignature(ofSelector selector: String) -> String {
        let parts = selector.split(separator: ":", omittingEmptySubsequences: true)
        guard selector.hasSuffix(":"), let first = parts.first else { return "func \(selector)()" }
        let rest = parts.dropFirst().map { "\($0) \($0)Value: Any?" }
        return "func \(first)(\((["_ sender: Any?"] + rest).joined(separator: ", ")))"
    }

    private func objcHeader(_ profile: ClassProfile) -> String {
        let kit = profile.appKit ? "Cocoa/Cocoa.h" : "UIKit/UIKit.h"
        let view = profile.appKit ? "NSView" : "UIView"
        let properties = profile.outlets.map { "@property (weak, nonatomic) IBOutlet \(view) *\($0);" }
            + profile.inspectables.map { "@property (nonatomic) IBInspectable CGFloat \($0);" }
            + profile.boundKeys.map { "@property (nonatomic, strong) id \($0);" }
        let actions = profile.actions.map { "- (IBAction)\(Self.objcSignature(ofSelector: $0));" }
        let make = profile.rootOfOwnNib ? ["+ (instancetype)view;"] : []
        return """
        #import <\(kit)>

        @interface \(profile.name) : \(profile.superclass)
        \((properties + make + actions).joined(separator: "\n"))
        @end
        """
    }

    private func objcImplementation(_ profile: ClassProfile) -> String {
        var methods: [String] = []
        if profile.rootOfOwnNib {
            methods.append("""
            + (instancetype)view
            {
                NSArray *objects = [[NSBundle mainBundle] loadNibNamed:@"\(profile.name)" owner:nil options:nil];
                return [objects.firstObject isKindOfClass:self] ? objects.firstObject : nil;
            }
            """)
        }
        methods += profile.actions.map { "- (IBAction)\(Self.objcSignature(ofSelector: $0))\n{\n    NSLog(@\"%@\", NSStringFromSelector(_cmd));\n}" }
        return """
        #import "\(profile.name).h"

        @implementation \(profile.name)

        \(methods.joined(separator: "\n\n"))

        @end
        """
    }

    /// `didTap:` → `didTap:(id)sender`; `reload` → `reload`.
    static func objcSignature(ofSelector selector: String) -> String {
        let parts = selector.split(separator: ":", omittingEmptySubsequences: true)
        guard selector.hasSuffix(":") else { return selector }
        return parts.enumerated().map { "\($0.element):(id)argument\($0.offset)" }.joined(separator: " ")
    }

    private func modelAndService(_ index: Int) -> String {
        """
        import Foundation

        /// Record \(index) as the server sends it.
        struct Record\(index): Codable, Hashable {
            var id: Int
            var title: String
            var tags: [String]
            var updatedAt: Date
        }

        /// Loads and caches records of kind \(index).
        final class RecordStore\(index) {
            private var cache: [Int: Record\(index)] = [:]
            private let session: URLSession

            init(session: URLSession = .shared) {
                self.session = session
            }

            func record(id: Int) -> Record\(index)? {
                cache[id]
            }

            func store(_ records: [Record\(index)]) {
                for record in records where record.updatedAt > (cache[record.id]?.updatedAt ?? .distantPast) {
                    cache[record.id] = record
                }
            }

            func titles(matching text: String) -> [String] {
                cache.values.filter { $0.title.localizedCaseInsensitiveContains(text) }.map(\\.title).sorted()
            }
        }
        """
    }

    private func codeBuiltView(_ index: Int) -> String {
        """
        import UIKit

        /// A badge built in code (no Interface Builder file).
        final class BadgeView\(index): UIView {
            private let label = UILabel()

            override init(frame: CGRect) {
                super.init(frame: frame)
                label.translatesAutoresizingMaskIntoConstraints = false
                addSubview(label)
                NSLayoutConstraint.activate([
                    label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
                    label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
                    label.centerYAnchor.constraint(equalTo: centerYAnchor),
                ])
            }

            required init?(coder: NSCoder) {
                super.init(coder: coder)
            }

            var text: String? {
                get { label.text }
                set { label.text = newValue }
            }
        }
        """
    }
}
