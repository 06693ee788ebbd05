/// The extension of a C-family implementation file (`.m`, `.mm`, `.c`, `.cpp`): its header
/// is the same path with `.h`, and shares the targets (and the fate) of the file.
enum ImplementationExtension: CaseIterable {
    case m, mm, c, cpp

    /// The Objective-C ones, whose header is dead with them when no target builds them.
    static let objectiveC: [String] = allCases.filter(\.isObjectiveC).map(\.text)

    /// Asked of every path a project names: the last byte turns away nearly all of them
    /// (`.swift`, `.png`, `.h`, …) before any `hasSuffix`.
    init?(of path: String) {
        guard let last = path.utf8.last, last == UInt8(ascii: "m") || last == UInt8(ascii: "c") || last == UInt8(ascii: "p"),
              let match = Self.allCases.first(where: { path.hasSuffix($0.text) }) else { return nil }
        self = match
    }

    /// `.m`, `.mm`, …
    var text: String {
        switch self {
        case .m: ".m"
        case .mm: ".mm"
        case .c: ".c"
        case .cpp: ".cpp"
        }
    }

    var isObjectiveC: Bool { self == .m || self == .mm }
}
