import Foundation
import Logging

/// Collects log lines for assertions.
public final class LogSink: @unchecked Sendable {
    // Guarded by `lock`; a class so the handler copies share one store.
    private let lock = NSLock()
    private var stored: [String] = []

    /// An empty sink.
    public init() {}

    /// Every line logged so far: the message, then its metadata.
    public var lines: [String] { lock.withLock { stored } }

    func append(_ line: String) { lock.withLock { stored.append(line) } }

    /// A logger writing into this sink at `level` and above.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "test") { _ in CapturingLogHandler(sink: self) }
        logger.logLevel = level
        return logger
    }
}

/// A log handler appending each event to a ``LogSink``.
public struct CapturingLogHandler: LogHandler {
    let sink: LogSink
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    /// A handler writing into `sink`.
    public init(sink: LogSink) { self.sink = sink }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        sink.append("\(event.message) \(event.metadata ?? [:])")
    }
}
