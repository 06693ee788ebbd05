import Analysis
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The limits of every analysis child; each is a server setting (`--analysis-*`).
public struct AnalysisIsolation: Sendable, Equatable {
    /// The `nibscan` executable to start; `nil`: the running one (`/proc/self/exe`).
    public var executable: String?
    /// Address space of a child (`RLIMIT_AS`).
    public var memoryBytes: Int64 = 4 << 30
    /// CPU time of a child (`RLIMIT_CPU`).
    public var cpuSeconds: Int = 120
    /// Wall-clock time before the server kills a child.
    public var wallSeconds: Double = 300

    public init() {}
}

/// Runs one analysis in a child `nibscan analysis-worker` started with `posix_spawn`, fed
/// the ``AnalysisJob`` over a pipe, limited in address space (`RLIMIT_AS`) and CPU time
/// (`RLIMIT_CPU`, which the child sets on itself before it reads anything) and watched by
/// a wall-clock deadline. However the child ends, only this analysis fails: the server
/// never holds the model, so an upload that exhausts memory or loops cannot stop it.
struct AnalysisProcess: Sendable {
    var limits: AnalysisIsolation
    /// Children running, by pid: the drain kills them when their grace is over.
    let children: Locked<Set<pid_t>>

    /// Runs `job`; the outcome names the limit a child broke, or how it crashed.
    func run(_ job: AnalysisJob) -> AnalysisStore.Outcome {
        let input: Data
        do {
            input = try JSONEncoder().encode(job)
        } catch {
            return .failed(.init(code: "analysis.internal-error", message: "the analysis could not be handed to a worker: \(error)"))
        }
        let executable = limits.executable ?? "/proc/self/exe"
        let arguments = [executable, "analysis-worker", "--memory-bytes", String(limits.memoryBytes), "--cpu-seconds", String(limits.cpuSeconds),
                         "--server-pid", String(getpid())]
        guard let child = ChildProcess(executable: executable, arguments: arguments) else {
            return .failed(.init(code: "analysis.crashed", message: "the analysis worker \(executable) could not be started: \(String(cString: strerror(errno)))"))
        }
        children.withLock { _ = $0.insert(child.pid) }
        defer { children.withLock { _ = $0.remove(child.pid) } }
        let ended = child.exchange(input: input, deadline: Date(timeIntervalSinceNow: limits.wallSeconds))
        return outcome(of: ended, job: job)
    }

    private func outcome(of ended: ChildProcess.Ended, job: AnalysisJob) -> AnalysisStore.Outcome {
        if ended.timedOut {
            return .failed(.init(code: "analysis.time-limit",
                                 message: "the analysis ran longer than \(Self.seconds(limits.wallSeconds)) s (--analysis-timeout) and was stopped"))
        }
        if ended.signal == SIGXCPU || (ended.signal == SIGKILL && ended.cpuSeconds >= Double(limits.cpuSeconds)) {
            return .failed(.init(code: "analysis.time-limit",
                                 message: "the analysis used more than \(limits.cpuSeconds) s of CPU time (--analysis-cpu-seconds) and was stopped"))
        }
        let errors = String(decoding: ended.standardError, as: UTF8.self)
        if ended.signal != nil || ended.status != 0 {
            let lowered = errors.lowercased()
            if ["allocate", "out of memory", "bad_alloc", "enomem"].contains(where: lowered.contains) {
                return .failed(.init(code: "analysis.memory-limit",
                                     message: "the analysis needed more than \(limits.memoryBytes) bytes of memory (--analysis-memory-bytes) and was stopped"))
            }
            if let signal = ended.signal {
                let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
                return .failed(.init(code: "analysis.crashed", message: "the analysis process was killed by signal \(signal) (\(name))"))
            }
            // A Fatal error line says why; the first line otherwise.
            let lines = errors.split(separator: "\n")
            let why = lines.first { $0.contains("Fatal error") } ?? lines.first
            return .failed(.init(code: "analysis.crashed",
                                 message: "the analysis process exited with status \(ended.status)\(why.map { ": \($0.prefix(300))" } ?? "")"))
        }
        guard let newline = ended.standardOutput.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(AnalysisJob.ResultHeader.self, from: ended.standardOutput[..<newline]) else {
            return .failed(.init(code: "analysis.crashed", message: "the analysis process ended without a result"))
        }
        if let failure = header.failure { return .failed(failure) }
        guard let summary = header.summary else {
            return .failed(.init(code: "analysis.crashed", message: "the analysis process returned a result without a summary"))
        }
        let report = Data(ended.standardOutput[ended.standardOutput.index(after: newline)...])
        return .succeeded(report: report, summary: summary, projectName: header.projectName ?? job.projectName ?? "project",
                          ruleSeverities: header.ruleSeverities ?? [:])
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%g", value)
    }
}

/// A spawned child with its three standard streams on pipes.
private struct ChildProcess {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let errors: Int32

    /// How the child ended and what it wrote.
    struct Ended {
        var status: Int32 = 0
        var signal: Int32?
        var cpuSeconds: Double = 0
        var timedOut = false
        var standardOutput = Data()
        var standardError = Data()
    }

    /// Held from creating a child's pipes to spawning it: `pipe2(O_CLOEXEC)` is not
    /// imported, so the pipes are marked close-on-exec just after `pipe`, and no other
    /// child may be spawned in between (it would inherit them and hold them open).
    private static let spawning = NSLock()

    init?(executable: String, arguments: [String]) {
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var stdinPipe: [Int32] = [-1, -1], stdoutPipe: [Int32] = [-1, -1], stderrPipe: [Int32] = [-1, -1]
        func makePipe(_ ends: inout [Int32]) -> Bool {
            guard pipe(&ends) == 0 else { return false }
            for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard makePipe(&stdinPipe) else { return nil }
        guard makePipe(&stdoutPipe) else { close(stdinPipe[0]); close(stdinPipe[1]); return nil }
        guard makePipe(&stderrPipe) else {
            for fd in stdinPipe + stdoutPipe { close(fd) }
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 0, 1 and 2 clears close-on-exec there; every other pipe end closes.
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        Self.keepDescriptorsFromChildren()
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(stdinPipe[0]); close(stdoutPipe[1]); close(stderrPipe[1])
        guard spawned == 0 else {
            close(stdinPipe[1]); close(stdoutPipe[0]); close(stderrPipe[0])
            errno = spawned
            return nil
        }
        self.pid = pid
        input = stdinPipe[1]
        output = stdoutPipe[0]
        errors = stderrPipe[0]
    }

    /// Marks every descriptor above the standard three close-on-exec, so that a child gets
    /// only its pipes: not the listening socket or client connections of the server (which
    /// would stay open, and the port bound, while a child outlives them), nor what the server
    /// inherited from whatever started it (a supervisor's or a test harness's descriptors,
    /// whose holder would never see them close). Run under ``spawning``; a descriptor another
    /// thread opens in between without `O_CLOEXEC` is the one that can still slip through.
    private static func keepDescriptorsFromChildren() {
        #if os(Linux)
        let listing = "/proc/self/fd"
        #else
        let listing = "/dev/fd"
        #endif
        for name in (try? FileManager.default.contentsOfDirectory(atPath: listing)) ?? [] {
            guard let descriptor = Int32(name), descriptor > 2 else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Writes `input`, reads both outputs until the child closes them or `deadline` passes
    /// (then kills it), and reaps it.
    func exchange(input data: Data, deadline: Date) -> Ended {
        var ended = Ended()
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(input, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break }  // the child is gone: its status says why
                offset += written
            }
        }
        close(input)
        var open: [Int32] = [output, errors]
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        // The child's last words are enough to classify how it ended.
        let maxErrorBytes = 16 << 10
        while !open.isEmpty {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                kill(pid, SIGKILL)
                ended.timedOut = true
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(remaining, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &chunk, chunk.count)
                if count <= 0 {
                    if count < 0 && errno == EINTR { continue }
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == output {
                    ended.standardOutput.append(contentsOf: chunk[..<count])
                } else {
                    ended.standardError.append(contentsOf: chunk[..<count])
                    if ended.standardError.count > maxErrorBytes { ended.standardError = ended.standardError.suffix(maxErrorBytes / 2) }
                }
            }
        }
        close(output)
        close(errors)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        ended.cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F {
            ended.signal = signal
        } else {
            ended.status = (status >> 8) & 0xFF
        }
        return ended
    }
}
