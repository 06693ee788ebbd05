import CZlib
import Foundation

/// Debian's Chromium, headless, for the tests that open nibscan's pages in a real browser:
/// the DOM after scripts and layout (a harness page can measure the page in an iframe), the
/// console messages (script errors and Content-Security-Policy violations), screenshots.
/// `scripts/setup` installs it; a machine without it fails these tests with that advice.
public enum HeadlessBrowser {
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "Chromium is not installed (chromium on PATH): run scripts/setup" }
    }

    /// What loading a page gave.
    public struct Load {
        /// The serialised DOM once the page (and a harness' script) ran.
        public var dom: String
        /// Messages the page wrote to the console, CSP violations included.
        public var console: [String]
    }

    /// The browser on `PATH`.
    public static func executable() throws -> URL {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        throw Missing()
    }

    /// Loads `page` (a file) and returns its DOM and console once `virtualTime` milliseconds
    /// of page time have passed (what a harness needs to load an iframe and measure it).
    public static func load(_ page: URL, width: Int = 1280, height: Int = 900, virtualTime: Int = 5_000) throws -> Load {
        let run = try browse(["--dump-dom", "--virtual-time-budget=\(virtualTime)", "--window-size=\(width),\(height)", page.absoluteString])
        return Load(dom: run.stdout, console: consoleMessages(in: run.stderr))
    }

    /// A PNG screenshot of `page` at the window size, written to `output`; the console of that load.
    @discardableResult
    public static func screenshot(_ page: URL, to output: URL, width: Int = 1280, height: Int = 900) throws -> [String] {
        try? FileManager.default.removeItem(at: output)
        let run = try browse(["--screenshot=\(output.path)", "--hide-scrollbars", "--window-size=\(width),\(height)", page.absoluteString])
        guard FileManager.default.fileExists(atPath: output.path) else {
            throw BrowserFailed(description: "no screenshot written (status \(run.status)): \(run.stderr.suffix(2_000))")
        }
        return consoleMessages(in: run.stderr)
    }

    /// Opens `page` in an iframe of a harness page beside it and returns, as JSON, what
    /// `script` (the body of a function of the page's `document`, `doc`) returns once the
    /// page loaded. The page itself runs no script of the harness.
    public static func measure(_ page: URL, script: String, width: Int = 1280, height: Int = 900) throws -> (result: Data, console: [String]) {
        let harness = page.deletingLastPathComponent().appendingPathComponent("harness-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: harness) }
        let html = """
            <!DOCTYPE html><meta charset="utf-8"><title>harness</title>
            <iframe id="page" src="\(page.lastPathComponent)" width="\(width)" height="\(height)"></iframe><pre id="result">pending</pre>
            <script>
            const frame = document.getElementById('page');
            frame.addEventListener('load', () => {
              let out;
              try { out = JSON.stringify((function (doc) { \(script) })(frame.contentDocument)); } catch (error) { out = JSON.stringify({ error: String(error) }); }
              document.getElementById('result').textContent = out;
            });
            </script>
            """
        try Data(html.utf8).write(to: harness)
        let loaded = try load(harness, width: width + 40, height: height + 200)
        guard let start = loaded.dom.range(of: "<pre id=\"result\">"), let end = loaded.dom.range(of: "</pre>", range: start.upperBound..<loaded.dom.endIndex) else {
            throw BrowserFailed(description: "the harness wrote no result: \(loaded.dom.prefix(500))")
        }
        let text = loaded.dom[start.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        guard text != "pending" else { throw BrowserFailed(description: "the page never finished loading") }
        return (Data(text.utf8), loaded.console)
    }

    struct BrowserFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the browser with a fresh profile, as root too (`--no-sandbox`), with the console
    /// logged to standard error; the 120 s deadline of `NibscanProcess.launch` bounds it.
    private static func browse(_ arguments: [String]) throws -> NibscanProcess.Run {
        let profile = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-chromium")
        defer { try? FileManager.default.removeItem(at: profile) }
        return try NibscanProcess.launch(try executable(), [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage", "--mute-audio",
            "--allow-file-access-from-files", "--enable-logging=stderr", "--v=0", "--user-data-dir=\(profile.path)",
        ] + arguments)
    }

    /// The text of each `CONSOLE` line Chromium logs.
    static func consoleMessages(in log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map { line in
            line.firstIndex(of: "]").map { String(line[line.index(after: $0)...]).trimmingCharacters(in: .whitespaces) } ?? String(line)
        }
    }
}

/// The pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes), decoded
/// with zlib: enough to tell a screenshot that shows something from a blank one.
public struct PNGImage {
    public let width: Int
    public let height: Int
    /// RGBA, row by row.
    public let pixels: [UInt8]

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    public init(contentsOf url: URL) throws {
        let data = [UInt8](try Data(contentsOf: url))
        guard data.count > 8, data.prefix(8).elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else { throw Unreadable(description: "not a PNG") }
        var position = 8
        var width = 0, height = 0, channels = 0
        var compressed: [UInt8] = []
        func integer(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while position + 8 <= data.count {
            let length = integer(position)
            let type = String(decoding: data[position + 4..<position + 8], as: UTF8.self)
            let body = position + 8
            guard body + length + 4 <= data.count else { throw Unreadable(description: "a chunk runs past the end") }
            switch type {
            case "IHDR":
                width = integer(body)
                height = integer(body + 4)
                guard data[body + 8] == 8, data[body + 12] == 0 else { throw Unreadable(description: "only 8-bit non-interlaced PNGs") }
                switch data[body + 9] {
                case 2: channels = 3
                case 6: channels = 4
                default: throw Unreadable(description: "colour type \(data[body + 9]) is not RGB or RGBA")
                }
            case "IDAT":
                compressed += data[body..<body + length]
            default:
                break
            }
            position = body + length + 4
        }
        guard width > 0, height > 0, width * height <= 50_000_000 else { throw Unreadable(description: "size \(width)×\(height)") }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = uncompress(&raw, &rawLength, compressed, uLong(compressed.count))
        guard status == Z_OK, Int(rawLength) == raw.count else { throw Unreadable(description: "zlib status \(status)") }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[row * (stride + 1) + 1..<(row + 1) * (stride + 1)])
            for index in 0..<stride {
                let left = index >= channels ? Int(line[index - channels]) : 0
                let up = Int(previous[index])
                let upLeft = index >= channels ? Int(previous[index - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
                default: throw Unreadable(description: "filter \(filter)")
                }
                line[index] = UInt8(truncatingIfNeeded: Int(line[index]) + predictor)
            }
            for column in 0..<width {
                for channel in 0..<channels { pixels[(row * width + column) * 4 + channel] = line[column * channels + channel] }
            }
            previous = line
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// How many distinct colours the image holds (RGB).
    public var colourCount: Int {
        var colours = Set<UInt32>()
        for pixel in stride(from: 0, to: pixels.count, by: 4) {
            colours.insert(UInt32(pixels[pixel]) << 16 | UInt32(pixels[pixel + 1]) << 8 | UInt32(pixels[pixel + 2]))
        }
        return colours.count
    }

    /// The share of pixels that differ from the top-left pixel (the page background).
    public var inkedFraction: Double {
        let background = Array(pixels[0..<3])
        var inked = 0
        for pixel in stride(from: 0, to: pixels.count, by: 4) where !pixels[pixel..<pixel + 3].elementsEqual(background) { inked += 1 }
        return Double(inked) / Double(width * height)
    }
}
