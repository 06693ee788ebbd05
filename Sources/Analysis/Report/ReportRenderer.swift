import Foundation

/// Writes a report in one ``ReportFormat``. Each format is its own type, chosen by name
/// through ``ReportFormat/renderer``, so formats stay independent and testable.
public protocol ReportRenderer: Sendable {
    /// The format this renderer writes.
    var format: ReportFormat { get }
    /// The rendered bytes (UTF-8 for every text format).
    func render(_ report: Report, options: RenderOptions) throws -> Data
}

extension Report {
    /// The report in `format`: what `--format` writes and the API serves.
    public func rendered(as format: ReportFormat, options: RenderOptions = .init()) throws -> Data {
        try format.renderer.render(self, options: options)
    }
}
