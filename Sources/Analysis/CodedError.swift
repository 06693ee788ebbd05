/// An error that names its cause with a stable code, so that the CLI can print it, the
/// server can turn it into a `problem+json` `type`, and a report can quote it as a reason.
///
/// Codes are dotted and never change once published, e.g. `archive.too-many-entries`.
/// `description` is the human sentence and names the offending entry or element.
public protocol CodedError: Error, CustomStringConvertible, Sendable {
    var code: String { get }
}
