import Foundation

/// Wall-clock and CPU seconds of one piece of work: CPU time above wall time shows the
/// work spread over several cores.
struct Timing {
    var wall: Double
    var cpu: Double

    /// The median wall and the median CPU time of `iterations` runs of `work`.
    static func median(_ iterations: Int, _ work: () throws -> Void) rethrows -> Timing {
        try median(iterations, setup: {}, work)
    }

    /// Like ``median(_:_:)``, with a fresh, untimed `setup` value for each run (a model
    /// whose caches no earlier run has filled, for instance).
    static func median<Value>(_ iterations: Int, setup: () throws -> Value, _ work: (Value) throws -> Void) rethrows -> Timing {
        var walls: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<iterations {
            let value = try setup()
            let cpuStart = processCPUSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            try work(value)
            walls.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            cpus.append(processCPUSeconds() - cpuStart)
        }
        return Timing(wall: middle(walls), cpu: middle(cpus))
    }

    /// One run of `work`.
    static func once(_ work: () throws -> Void) rethrows -> Timing {
        try median(1, work)
    }

    /// The lesser wall and the lesser CPU time of two timings: the best of several runs of
    /// work of a millisecond or less, where a slow spell of the machine lifts a median too.
    func least(_ other: Timing) -> Timing {
        Timing(wall: min(wall, other.wall), cpu: min(cpu, other.cpu))
    }

    /// `0.512 s wall, 0.731 s CPU`.
    var text: String {
        String(format: "%.3f s wall, %.3f s CPU", wall, cpu)
    }

    private static func middle(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let half = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
    }

    /// User plus system time of the whole process, every thread included.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
