import Analysis
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The hidden `nibscan analysis-worker` subcommand: the child side of ``AnalysisProcess``.
/// It limits itself (`--memory-bytes` → `RLIMIT_AS`, `--cpu-seconds` → `RLIMIT_CPU`) and
/// starts watching its server (`--server-pid`: it exits once that dies) before reading
/// anything, reads one ``AnalysisJob`` as JSON from standard input, runs it and writes the
/// result header line and the report to standard output.
public enum AnalysisWorkerCommand {
    public static func run(_ arguments: [String]) -> Int32 {
        var memoryBytes: rlim_t?, cpuSeconds: rlim_t?, server: pid_t?
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst().flatMap({ rlim_t($0) }), value > 0 else {
                return fail("analysis-worker: \(flag) needs a positive whole number")
            }
            switch flag {
            case "--memory-bytes": memoryBytes = value
            case "--cpu-seconds": cpuSeconds = value
            case "--server-pid": server = pid_t(exactly: value)
            default: return fail("analysis-worker: unknown option \(flag)")
            }
        }
        if let memoryBytes { limit(RLIMIT_AS, soft: memoryBytes, hard: memoryBytes) }
        // SIGXCPU at the soft limit; SIGKILL one second later if it is caught or ignored.
        if let cpuSeconds { limit(RLIMIT_CPU, soft: cpuSeconds, hard: cpuSeconds + 1) }
        if let server { exitWhenOrphaned(of: server) }
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let job: AnalysisJob
        do {
            job = try JSONDecoder().decode(AnalysisJob.self, from: input)
        } catch {
            return fail("analysis-worker: the job on standard input is not valid: \(error)")
        }
        if let fault = job.fault { fault.commit() }
        let (header, report) = job.run()
        guard var output = try? JSONEncoder().encode(header) else { return fail("analysis-worker: the result could not be encoded") }
        output.append(UInt8(ascii: "\n"))
        if let report { output.append(report) }
        FileHandle.standardOutput.write(output)
        return 0
    }

    /// Stops this child once its server is gone (killed mid-analysis: no one will read the
    /// result, and another node runs the analysis again), instead of using CPU the other
    /// nodes need until its limits stop it. Linux re-parents an orphan, so `getppid()` is
    /// no longer `server` (passed by the server, so that a death before this check counts too).
    private static func exitWhenOrphaned(of server: pid_t) {
        Thread.detachNewThread {
            while getppid() == server { usleep(200_000) }
            _exit(3)
        }
    }

    private static func limit(_ resource: __rlimit_resource, soft: rlim_t, hard: rlim_t) {
        var value = rlimit(rlim_cur: soft, rlim_max: hard)
        if setrlimit(Int32(resource.rawValue), &value) != 0 {
            FileHandle.standardError.write(Data("analysis-worker: setrlimit failed: \(String(cString: strerror(errno)))\n".utf8))
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return 2
    }
}
