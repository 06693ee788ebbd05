/// Something that must happen atomically with an analysis finishing, e.g. queueing its
/// webhook deliveries. The store calls every hook inside the one transaction that marks
/// the analysis `succeeded` or `failed`, so the change and the hook's writes commit
/// together or not at all; a hook that throws rolls the whole finish back.
public protocol AnalysisCompletionHook: Sendable {
    func analysisDidFinish(_ analysis: AnalysisRecord, in database: any DatabaseConnection) throws
}
