import Foundation

/// The report itself (schemaVersion 1): the default format and the one baselines read.
public struct JSONReportRenderer: ReportRenderer {
    public var format: ReportFormat { .json }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        var data = try report.jsonData()
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
