import CPostgres
import Foundation

/// A real PostgreSQL server for the tests, started once per test process and stopped when
/// it exits: Debian's `initdb` and `pg_ctl` in a temporary folder, run as `nobody` when the
/// tests run as root (PostgreSQL refuses root), listening only on a Unix socket in that
/// folder. Each test gets its own schema, so tests never see each other's rows. Nothing is
/// skipped when PostgreSQL is missing: starting fails, and so do the tests that need it.
public final class TestPostgres: @unchecked Sendable {
    /// A server that did not start, or a command that failed, with what it printed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let folder: URL
    public let binaries: URL
    public let port = 5432
    private let user = "nibscan"
    private let lock = NSLock()
    private var schemas = 0

    private static let startLock = NSLock()
    nonisolated(unsafe) private static var started: Result<TestPostgres, Failure>?

    /// The server of this test process, started on first use.
    public static func shared() throws -> TestPostgres {
        startLock.lock()
        defer { startLock.unlock() }
        if started == nil {
            started = Result { try TestPostgres() }.mapError { $0 as? Failure ?? Failure(description: "\($0)") }
            if case .success = started { atexit { TestPostgres.stopShared() } }
        }
        return try started!.get()
    }

    private static func stopShared() {
        if case .success(let server)? = started { server.stop() }
    }

    private init() throws {
        binaries = try Self.findBinaries()
        folder = URL(fileURLWithPath: "/tmp/nibscan-pg-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if geteuid() == 0 {
            guard let nobody = getpwnam("nobody") else { throw Failure(description: "no 'nobody' user to run PostgreSQL as") }
            guard chown(folder.path, nobody.pointee.pw_uid, nobody.pointee.pw_gid) == 0 else {
                throw Failure(description: "chown \(folder.path) failed: \(String(cString: strerror(errno)))")
            }
        }
        let data = folder.appendingPathComponent("data").path
        try runAsServerUser("initdb", ["-D", data, "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
        // The options go in postgresql.auto.conf, so that a start after ``pause()`` uses them too.
        let options = "unix_socket_directories = '\(folder.path)'\nlisten_addresses = ''\nport = \(port)\nfsync = off\n"
            + "synchronous_commit = off\nmax_connections = 300\n"
        try Data(options.utf8).write(to: URL(fileURLWithPath: data).appendingPathComponent("postgresql.auto.conf"))
        try resume()
        try execute("SELECT 1", in: url(database: "postgres"))
        try execute("CREATE DATABASE nibscan", in: url(database: "postgres"))
    }

    /// Stops the server at once (`immediate`) and removes its folder.
    public func stop() {
        _ = try? runAsServerUser("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops the server (`fast`: connections are cut) until ``resume()``, as an outage.
    public func pause() throws {
        try runAsServerUser("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Starts the server again after ``pause()``.
    public func resume() throws {
        try runAsServerUser("pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-l", folder.appendingPathComponent("log").path,
                                       "-w", "-t", "60", "start"])
    }

    /// The URL of database `database` through the socket.
    public func url(database: String = "nibscan", schema: String? = nil) -> String {
        var url = "postgresql:///\(database)?host=\(folder.path)&port=\(port)&user=\(user)"
        if let schema { url += "&options=-csearch_path%3D\(schema)" }
        return url
    }

    /// A URL whose tables live in a new, empty schema.
    public func makeIsolatedURL() throws -> String {
        let number = lock.withLock { () -> Int in
            schemas += 1
            return schemas
        }
        let schema = "test_\(getpid())_\(number)"
        try execute("CREATE SCHEMA \(schema)", in: url())
        return url(schema: schema)
    }

    /// Runs `sql` on a connection of its own.
    public func execute(_ sql: String, in url: String) throws {
        guard let connection = PQconnectdb(url) else { throw Failure(description: "libpq: out of memory") }
        defer { PQfinish(connection) }
        guard PQstatus(connection) == CONNECTION_OK else {
            throw Failure(description: "cannot connect to the test PostgreSQL: \(String(cString: PQerrorMessage(connection)))")
        }
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw Failure(description: "\(sql): \(String(cString: PQerrorMessage(connection)))")
        }
    }

    /// Runs a PostgreSQL tool (as `nobody` when root) and waits for it. Spawned and reaped
    /// directly: `pg_ctl start` leaves a daemon behind, which Foundation's `Process` waits on.
    @discardableResult
    private func runAsServerUser(_ tool: String, _ arguments: [String]) throws -> String {
        let binary = binaries.appendingPathComponent(tool).path
        let command = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", binary] + arguments
                                     : [binary] + arguments
        let outputPath = folder.appendingPathComponent("\(tool).out").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let environment = ["LC_ALL=C", "HOME=\(folder.path)", "PATH=/usr/local/bin:/usr/bin:/bin"]
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot run \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS are macros Swift cannot import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let log = (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)\n\(log.suffix(2000))")
        }
        return text
    }

    /// `initdb`'s folder: on `PATH`, else Debian's `/usr/lib/postgresql/<version>/bin`.
    private static func findBinaries() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/initdb") {
            return URL(fileURLWithPath: String(folder), isDirectory: true)
        }
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []).compactMap(Int.init).sorted()
        if let newest = versions.last { return URL(fileURLWithPath: "\(debian)/\(newest)/bin", isDirectory: true) }
        throw Failure(description: "PostgreSQL's initdb is not installed (scripts/setup installs the postgresql package)")
    }
}
