import Analysis
import Foundation

/// Builds the large project the benchmark analyses: every Interface Builder file of the
/// corpus plus a seeded tree of Swift and Objective-C sources whose classes are the
/// corpus's custom classes and load the corpus's nibs, so that every join of the project
/// model (classes, nibs, load sites, members) has work to do.
struct ProjectGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    }

    /// `count` source files (an Objective-C class is a `.h` and a `.m`).
    mutating func sources(count: Int, classNames: [String], nibNames: [String]) -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        var index = 0
        while files.count < count {
            let name = index < classNames.count ? classNames[index] : "GeneratedView\(index)"
            let nib = nibNames.isEmpty ? name : nibNames[Int(next() % UInt64(nibNames.count))]
            let folder = "Generated/Module\(index % 40)"
            if next() % 10 < 3 && files.count + 2 <= count {
                files.append(("\(folder)/\(name).h", objcHeader(name)))
                files.append(("\(folder)/\(name).m", objcImplementation(name, nib: nib)))
            } else {
                files.append(("\(folder)/\(name).swift", swiftClass(name, nib: nib)))
            }
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

    private mutating func outlets(_ count: Int) -> [String] {
        (0..<count).map { "item\($0)Label\(next() % 7)" }
    }

    private mutating func swiftClass(_ name: String, nib: String) -> String {
        let outletLines = outlets(3 + Int(next() % 5)).map { "    @IBOutlet weak var \($0): UILabel!" }.joined(separator: "\n")
        let substitution = next() % 4 == 0 ? """

            override func awakeAfter(using coder: NSCoder) -> Any? {
                guard subviews.isEmpty else { return self }
                let view = Bundle.main.loadNibNamed("\(nib)", owner: nil, options: nil)?.first as! \(name)
                view.frame = frame
                view.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
                return view
            }
        """ : ""
        return """
        import UIKit

        /// Generated view \(name).
        @IBDesignable
        final class \(name): UIView {
        \(outletLines)
            @IBInspectable var cornerRadius: CGFloat = 4
            private var values: [Int] = []

            override init(frame: CGRect) {
                super.init(frame: frame)
                commonInit()
            }

            required init?(coder: NSCoder) {
                super.init(coder: coder)
                commonInit()
            }

            private func commonInit() {
                let content = UINib(nibName: "\(nib)", bundle: nil).instantiate(withOwner: self, options: nil).first as? UIView
                if let content {
                    content.frame = bounds
                    content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                    addSubview(content)
                }
                values = (0..<10).map { $0 * 2 }
            }

            static func make() -> \(name) {
                Bundle.main.loadNibNamed(String(describing: self), owner: nil, options: nil)?.first as! \(name)
            }
        \(substitution)
            @IBAction func didTap(_ sender: Any) {
                values.append(values.count)
                setNeedsLayout()
            }

            override func layoutSubviews() {
                super.layoutSubviews()
                layer.cornerRadius = cornerRadius
            }
        }
        """
    }

    private mutating func objcHeader(_ name: String) -> String {
        let properties = outlets(2 + Int(next() % 4)).map { "@property (weak, nonatomic) IBOutlet UILabel *\($0);" }.joined(separator: "\n")
        return """
        #import <UIKit/UIKit.h>

        IB_DESIGNABLE
        @interface \(name) : UIView
        \(properties)
        @property (nonatomic) IBInspectable CGFloat cornerRadius;
        + (instancetype)view;
        - (IBAction)buttonTapped:(id)sender;
        @end
        """
    }

    private mutating func objcImplementation(_ name: String, nib: String) -> String {
        """
        #import "\(name).h"

        @implementation \(name)

        + (instancetype)view
        {
            return [[[NSBundle mainBundle] loadNibNamed:@"\(nib)" owner:nil options:nil] firstObject];
        }

        - (id)initWithCoder:(NSCoder *)aDecoder
        {
            self = [super initWithCoder:aDecoder];
            if (self) {
                [self p_commonInit];
            }
            return self;
        }

        - (void)p_commonInit
        {
            self.layer.cornerRadius = self.cornerRadius;
            self.clipsToBounds = YES;
        }

        - (IBAction)buttonTapped:(id)sender
        {
            NSLog(@"tapped %@", NSStringFromClass([self class]));
        }

        @end
        """
    }
}
