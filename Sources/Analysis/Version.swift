/// The version every report and the server's `User-Agent` carry.
public enum NibscanVersion {
    public static let current = "0.1.0"
}
