import ArgumentParser
import Foundation
import Hummingbird
import JustZone2
import JustZone2Server
import Logging

/// `clubhouse zone2 peripherals`: the simulated trainer and strap for the browser tests' fake Web Bluetooth.
struct Zone2PeripheralsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peripherals",
        abstract: "Serve a simulated FTMS trainer and heart-rate strap over a WebSocket (for browser tests).",
        discussion: """
            Listens on 127.0.0.1 only. e2e/fake_bluetooth.js connects to ws://127.0.0.1:<port>/gatt and presents the \
            two devices to a page as navigator.bluetooth; GET /control/state shows the control-point write log, \
            POST /control/fault?spec=dropout+5s injects a fault now. Faults given here count from the trainer's \
            first connection: dropout@30s[+5s], strap@1m[+10s], control@2m, stall@40s[+8s], garbage@1m[+3s], \
            reject>250. With --port 0 a free port is chosen; the first line printed names it.
            """)

    @Option(help: "Port on 127.0.0.1 (0 picks a free one).")
    var port: Int

    @Option(help: "Fault to inject, counted from the trainer's first connection (repeatable).")
    var fault: [String] = []

    @Option(help: "Notifications per second of each device (1 as real devices; up to 50).")
    var rate: Double = 1

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "warning"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
        guard rate.isFinite, rate > 0, rate <= 50 else { throw ValidationError("--rate must be between 0 and 50.") }
        for text in fault where SimulatedFault(argument: text) == nil {
            throw ValidationError(
                "Unknown fault '\(text)': use dropout@30s+5s, strap@1m+10s, control@2m, stall@40s+8s, garbage@1m+3s or reject>250."
            )
        }
    }

    func run() async throws {
        var logger = Logger(label: "jz2-peripherals")
        logger.logLevel = Logger.Level(rawValue: logLevel.lowercased()) ?? .warning
        let hub = PeripheralsHub(faults: fault.compactMap(SimulatedFault.init(argument:)), rate: rate)
        let app = PeripheralsServer.application(hub: hub, port: port, logger: logger) { bound in
            print(
                "peripherals listening on ws://127.0.0.1:\(bound)/gatt (control: http://127.0.0.1:\(bound)/control/state)"
            )
            fflush(nil)
        }
        try await app.runService()
    }
}
