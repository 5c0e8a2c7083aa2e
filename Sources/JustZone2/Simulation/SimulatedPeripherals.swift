import Foundation

/// A simulated FTMS trainer and heart-rate strap as a Bluetooth peripheral would present them to any number of
/// centrals (browser tabs through a fake `navigator.bluetooth`): GATT services and characteristics, connections,
/// notifications, reads and control-point writes answered with indications, all through the real codecs
/// (``SimulatedTrainer``, ``SimulatedHeartStrap``). Time is passed in (seconds on one monotonic clock), so the same
/// value serves a real-time server and deterministic tests.
///
/// Faults use the `zone2 ride` syntax (``SimulatedFault``): faults given at creation count from the trainer's first
/// connection; ``inject(_:at:)`` counts from the moment it is called. A dropout or a lost strap takes the device out
/// of range (its centrals see the link drop, connecting fails) and brings it back in range at the window's end.
public struct SimulatedPeripherals: Sendable {
    /// A characteristic as discovery shows it.
    public struct Characteristic: Sendable, Equatable, Codable {
        /// 16-bit UUID, upper case (`2AD9`).
        public var uuid: String
        /// GATT properties: `read`, `write`, `notify`, `indicate`.
        public var properties: [String]

        /// A characteristic.
        public init(_ uuid: String, _ properties: [String]) {
            self.uuid = uuid
            self.properties = properties
        }

        /// Whether notifications or indications can be started.
        public var notifies: Bool { properties.contains("notify") || properties.contains("indicate") }
    }

    /// A primary service and its characteristics.
    public struct Service: Sendable, Equatable, Codable {
        /// 16-bit UUID (`1826`).
        public var uuid: String
        /// Its characteristics.
        public var characteristics: [Characteristic]

        /// A service.
        public init(_ uuid: String, _ characteristics: [Characteristic]) {
            self.uuid = uuid
            self.characteristics = characteristics
        }
    }

    /// What a scan shows of a device.
    public struct Advertisement: Sendable, Equatable, Codable {
        /// The device: `trainer` or `hrm`.
        public var id: BridgeDevice
        /// Its advertised name.
        public var name: String
        /// Its primary services (16-bit UUIDs).
        public var services: [String]
        /// Whether it can be connected now (out of range during a dropout).
        public var inRange: Bool
    }

    /// Why an operation failed.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The device is out of range (a dropout): connecting fails.
        case outOfRange(BridgeDevice)
        /// The central is not connected to the device.
        case notConnected(BridgeDevice)
        /// No such service or characteristic.
        case notFound(String)
        /// The characteristic does not allow the operation.
        case notPermitted(String)
        /// A control-point write without indications started (ATT error 0xFD, as FTMS trainers answer).
        case indicationsOff(String)

        /// The short code the wire carries.
        public var code: String {
            switch self {
            case .outOfRange: "out-of-range"
            case .notConnected: "not-connected"
            case .notFound: "not-found"
            case .notPermitted: "not-permitted"
            case .indicationsOff: "cccd-improperly-configured"
            }
        }

        public var description: String {
            switch self {
            case .outOfRange(let device): "the \(device.rawValue) is out of range"
            case .notConnected(let device): "not connected to the \(device.rawValue)"
            case .notFound(let uuid): "no service or characteristic \(uuid)"
            case .notPermitted(let what): "\(what) is not permitted"
            case .indicationsOff(let uuid): "indications of \(uuid) are not enabled (ATT error 0xFD)"
            }
        }
    }

    /// Something a central is told without asking.
    public enum Event: Sendable, Equatable {
        /// A notification or indication.
        case notify(BridgeDevice, characteristic: String, bytes: [UInt8])
        /// The link dropped (the browser's `gattserverdisconnected`).
        case linkDown(BridgeDevice, reason: String)
        /// The device advertises again (in range after a dropout).
        case inRange(BridgeDevice)
    }

    /// An event and who gets it: one central, or every central (`nil`).
    public struct Delivery: Sendable, Equatable {
        /// The central, or nil for all.
        public var central: Int?
        /// The event.
        public var event: Event

        /// A delivery.
        public init(central: Int?, event: Event) {
            self.central = central
            self.event = event
        }
    }

    /// One control-point write as the trainer saw it.
    public struct WriteRecord: Sendable, Equatable, Codable {
        /// When (seconds on the peripherals' clock).
        public var time: Double
        /// Which central wrote.
        public var central: Int
        /// The bytes, hex.
        public var bytes: String
        /// The request's op code (0x05 = Set Target Power), or the first byte of garbage.
        public var opCode: Int
        /// The request's name (`requestControl`, `startOrResume`, `setTargetPower`, …).
        public var request: String
        /// The target of a Set Target Power.
        public var watts: Int?
        /// The trainer's answer (`success`, `invalidParameter`, `controlNotPermitted`, …).
        public var result: String
    }

    /// A connection, a link change or a fault, for the control channel's log.
    public struct LogEntry: Sendable, Equatable, Codable {
        /// When (seconds on the peripherals' clock).
        public var time: Double
        /// The device.
        public var device: BridgeDevice
        /// What happened: `connect`, `disconnect`, `link-down`, `in-range`, `control-revoked`, `fault …`.
        public var event: String
        /// The central concerned, if one.
        public var central: Int?
    }

    /// The trainer, with its FTMS state.
    public private(set) var trainer = SimulatedTrainer()
    /// The strap, with the rider's heart.
    public private(set) var strap = SimulatedHeartStrap()
    /// Cadence the rider pedals at (rpm); 0 stops the flywheel.
    public var cadence: Double = 88
    /// Notifications per second of each device (Indoor Bike Data and Heart Rate Measurement).
    public let rate: Double
    /// Every control-point write, in order.
    public private(set) var writes: [WriteRecord] = []
    /// Connections, link changes and faults, in order.
    public private(set) var log: [LogEntry] = []
    /// The most centrals connected to one device at once (a bridge must never have two).
    public private(set) var maxCentrals: [BridgeDevice: Int] = [:]
    /// The latest heart rate sent (bpm).
    public private(set) var heartRate: Int?
    /// The clock's last reading.
    public private(set) var now: Double

    private var connected: [BridgeDevice: Set<Int>] = [:]
    private var subscriptions: [BridgeDevice: [String: Set<Int>]] = [:]
    private var inRange: [BridgeDevice: Bool] = [.trainer: true, .hrm: true]
    private var faults: [(fault: SimulatedFault, base: Double?)] = []
    private var fired: Set<Int> = []
    private var firstConnect: Double?
    private var nextPacket: Double
    private let started: Double

    /// Two peripherals, idle, at time `now`, with `faults` counted from the trainer's first connection.
    public init(faults: [SimulatedFault] = [], rate: Double = 1, at now: Double = 0) {
        self.rate = rate.isFinite && rate > 0 ? min(rate, 50) : 1
        self.now = now
        started = now
        nextPacket = now + 1 / self.rate
        for fault in faults { add(fault, base: nil) }
    }

    // MARK: The GATT database

    /// The services each device offers.
    public static func services(of device: BridgeDevice) -> [Service] {
        switch device {
        case .trainer:
            [
                Service(
                    GATTUUIDs.fitnessMachineService,
                    [
                        Characteristic(GATTUUIDs.fitnessMachineFeature, ["read"]),
                        Characteristic(GATTUUIDs.indoorBikeData, ["notify"]),
                        Characteristic(GATTUUIDs.supportedPowerRange, ["read"]),
                        Characteristic(GATTUUIDs.fitnessMachineControlPoint, ["write", "indicate"]),
                        Characteristic(GATTUUIDs.fitnessMachineStatus, ["notify"]),
                    ]),
                Service(
                    GATTUUIDs.cyclingPowerService,
                    [Characteristic(GATTUUIDs.cyclingPowerMeasurement, ["notify"]), Characteristic("2A65", ["read"])]),
                Service("180F", [Characteristic("2A19", ["read", "notify"])]),
                Service("180A", [Characteristic("2A29", ["read"]), Characteristic("2A24", ["read"])]),
            ]
        case .hrm:
            [
                Service(
                    GATTUUIDs.heartRateService,
                    [Characteristic(GATTUUIDs.heartRateMeasurement, ["notify"]), Characteristic("2A38", ["read"])]),
                Service("180F", [Characteristic("2A19", ["read", "notify"])]),
                Service("180A", [Characteristic("2A29", ["read"])]),
            ]
        }
    }

    /// The advertised name of a device.
    public static func name(of device: BridgeDevice) -> String {
        switch device {
        case .trainer: "JZ2 Sim Trainer"
        case .hrm: "JZ2 Sim HRM"
        }
    }

    /// What a scan finds now. Both devices advertise their primary service first, as real ones do.
    public var advertisements: [Advertisement] {
        BridgeDevice.allCases.map { device in
            Advertisement(
                id: device, name: Self.name(of: device), services: Self.services(of: device).map(\.uuid),
                inRange: inRange[device] ?? true)
        }
    }

    /// The centrals connected to a device now.
    public func centrals(of device: BridgeDevice) -> Set<Int> { connected[device] ?? [] }

    /// The characteristics a device notifies to at least one central now.
    public func notifying(_ device: BridgeDevice) -> [String] {
        (subscriptions[device] ?? [:]).filter { !$0.value.isEmpty }.keys.sorted()
    }

    /// Whether the device is in range now.
    public func isInRange(_ device: BridgeDevice) -> Bool { inRange[device] ?? true }

    // MARK: Operations of a central

    /// Connects `central` to `device` (idempotent).
    public mutating func connect(_ device: BridgeDevice, central: Int, at time: Double) throws(Failure) {
        now = max(now, time)
        guard isInRange(device) else { throw .outOfRange(device) }
        guard !centrals(of: device).contains(central) else { return }
        connected[device, default: []].insert(central)
        maxCentrals[device] = max(maxCentrals[device] ?? 0, centrals(of: device).count)
        if device == .trainer, firstConnect == nil { firstConnect = time }
        note(device, "connect", central: central)
    }

    /// Disconnects `central` from `device` (the app's own `gatt.disconnect()`: no link-down event).
    public mutating func disconnect(_ device: BridgeDevice, central: Int, at time: Double) {
        now = max(now, time)
        guard centrals(of: device).contains(central) else { return }
        release(device, central: central)
        note(device, "disconnect", central: central)
    }

    /// A central went away (its socket closed): it is disconnected from both devices.
    public mutating func centralLeft(_ central: Int, at time: Double) {
        for device in BridgeDevice.allCases { disconnect(device, central: central, at: time) }
    }

    /// The services of a connected device.
    public func discover(_ device: BridgeDevice, central: Int) throws(Failure) -> [Service] {
        guard centrals(of: device).contains(central) else { throw .notConnected(device) }
        return Self.services(of: device)
    }

    /// Starts (`on`) or stops notifications of a characteristic for `central`.
    public mutating func subscribe(
        _ device: BridgeDevice, characteristic uuid: String, on: Bool, central: Int, at time: Double
    ) throws(Failure) {
        now = max(now, time)
        let characteristic = try self.characteristic(device, uuid, central: central)
        guard characteristic.notifies else { throw .notPermitted("notifications of \(characteristic.uuid)") }
        if on {
            subscriptions[device, default: [:]][characteristic.uuid, default: []].insert(central)
        } else {
            subscriptions[device]?[characteristic.uuid]?.remove(central)
        }
    }

    /// Reads a characteristic.
    public mutating func read(
        _ device: BridgeDevice, characteristic uuid: String, central: Int, at time: Double
    )
        throws(Failure) -> [UInt8]
    {
        now = max(now, time)
        let characteristic = try self.characteristic(device, uuid, central: central)
        guard characteristic.properties.contains("read") else { throw .notPermitted("reading \(characteristic.uuid)") }
        switch (device, characteristic.uuid) {
        case (.trainer, GATTUUIDs.supportedPowerRange): return trainer.powerRange.encode()
        case (.trainer, GATTUUIDs.fitnessMachineFeature): return Self.feature.encode()
        case (.trainer, "2A65"): return [0x08, 0, 0, 0]  // cycling power feature: crank revolutions
        case (.trainer, "2A19"): return [92]
        case (.hrm, "2A19"): return [87]
        case (.hrm, "2A38"): return [1]  // chest
        case (.trainer, "2A24"): return Array("SIM-1".utf8)
        default: return Array("JustZone2".utf8)  // 2A29, manufacturer
        }
    }

    /// Writes a characteristic with response. A control-point write is answered by an indication to every central
    /// that started them (the writer included), then a status notification on success, as KICKRs do.
    public mutating func write(
        _ device: BridgeDevice, characteristic uuid: String, bytes: [UInt8], central: Int, at time: Double
    ) throws(Failure) -> [Delivery] {
        now = max(now, time)
        let characteristic = try self.characteristic(device, uuid, central: central)
        guard characteristic.properties.contains("write") else { throw .notPermitted("writing \(characteristic.uuid)") }
        guard subscribers(device, characteristic.uuid).contains(central) else {
            throw .indicationsOff(characteristic.uuid)
        }
        let request = try? ControlPointRequest.decode(bytes)
        let answer = trainer.receive(controlPoint: bytes)
        let response = try? ControlPointResponse.decode(answer)
        var watts: Int?
        if case .setTargetPower(let target) = request { watts = target }
        writes.append(
            WriteRecord(
                time: time, central: central, bytes: Hex.string(from: bytes), opCode: Int(bytes.first ?? 0xFF),
                request: request.map(Self.name(of:)) ?? "unknown", watts: watts,
                result: response.map { "\($0.result)" } ?? "none"))
        var deliveries = deliver(.trainer, characteristic.uuid, answer)
        if response?.result == .success {
            switch request {
            case .setTargetPower(let target):
                deliveries += deliver(
                    .trainer, GATTUUIDs.fitnessMachineStatus,
                    FitnessMachineStatus.targetPowerChanged(watts: target).encode())
            case .startOrResume:
                deliveries += deliver(
                    .trainer, GATTUUIDs.fitnessMachineStatus, FitnessMachineStatus.startedOrResumedByUser.encode())
            default: break
            }
        }
        return deliveries
    }

    /// Forgets the write log, the event log and the most-centrals counts (the devices keep their state).
    public mutating func clearLogs() {
        writes = []
        log = []
        maxCentrals = [:]
        for device in BridgeDevice.allCases where !centrals(of: device).isEmpty {
            maxCentrals[device] = centrals(of: device).count
        }
    }

    // MARK: Time and faults

    /// Adds a fault now: its time counts from `time` (`dropout@0s+5s` drops the trainer at once for 5 s);
    /// `reject>W` applies at once.
    public mutating func inject(_ fault: SimulatedFault, at time: Double) -> [Delivery] {
        var deliveries = advance(to: time)
        add(fault, base: time)
        note(.trainer, "fault \(Self.describe(fault)) injected", central: nil)
        deliveries += applyFaults(at: now)
        return deliveries
    }

    /// Advances the clock to `time`: applies faults whose time came and sends the notifications due (every
    /// `1 / rate` seconds: Indoor Bike Data and Heart Rate Measurement to their subscribers).
    @discardableResult
    public mutating func advance(to time: Double) -> [Delivery] {
        guard time > now else { return [] }
        var deliveries: [Delivery] = []
        let period = 1 / rate
        while nextPacket <= time {
            let at = nextPacket
            now = at
            deliveries += applyFaults(at: at)
            let bikeData = trainer.step(dt: period, cadence: cadence)
            if !active(at: at, { if case .stall = $0 { true } else { false } }) {
                let garbage = active(at: at) { if case .garbage = $0 { true } else { false } }
                deliveries += deliver(.trainer, GATTUUIDs.indoorBikeData, garbage ? [0xFF, 0x7F] : bikeData)
            }
            let heart = strap.step(power: trainer.power, dt: period, elapsed: at - started)
            heartRate = (try? HeartRateMeasurement.decode(heart))?.heartRate
            deliveries += deliver(.hrm, GATTUUIDs.heartRateMeasurement, heart)
            nextPacket += period
        }
        now = time
        deliveries += applyFaults(at: time)
        return deliveries
    }

    private mutating func add(_ fault: SimulatedFault, base: Double?) {
        if case .rejectAbove(let watts) = fault { trainer.rejectsAbove = watts }
        faults.append((fault, base))
    }

    /// Whether a windowed fault matching `kind` covers `time`.
    func active(at time: Double, _ kind: (SimulatedFault) -> Bool) -> Bool {
        faults.contains { entry in
            guard kind(entry.fault), let base = entry.base ?? firstConnect else { return false }
            switch entry.fault {
            case .dropout(let at, let duration), .strapLost(let at, let duration), .garbage(let at, let duration),
                .stall(let at, let duration):
                return (base + at..<base + at + duration).contains(time)
            case .controlLost, .rejectAbove: return false
            }
        }
    }

    private mutating func applyFaults(at time: Double) -> [Delivery] {
        var deliveries: [Delivery] = []
        for device in BridgeDevice.allCases {
            let out = active(at: time) { fault in
                switch (device, fault) {
                case (.trainer, .dropout), (.hrm, .strapLost): true
                default: false
                }
            }
            if out, isInRange(device) {
                inRange[device] = false
                let centrals = centrals(of: device)
                for central in centrals.sorted() {
                    deliveries.append(Delivery(central: central, event: .linkDown(device, reason: "out of range")))
                    release(device, central: central)
                }
                note(device, "link-down", central: nil)
            } else if !out, !isInRange(device) {
                inRange[device] = true
                deliveries.append(Delivery(central: nil, event: .inRange(device)))
                note(device, "in-range", central: nil)
            }
        }
        for (index, entry) in faults.enumerated() where !fired.contains(index) {
            guard case .controlLost(let at) = entry.fault, let base = entry.base ?? firstConnect, time >= base + at
            else { continue }
            fired.insert(index)
            let status = trainer.revokeControl()
            note(.trainer, "control-revoked", central: nil)
            deliveries += deliver(.trainer, GATTUUIDs.fitnessMachineStatus, status)
        }
        return deliveries
    }

    // MARK: Helpers

    /// FTMS features: cadence, distance, heart rate, power; targets: power, resistance, simulation.
    static let feature = FitnessMachineFeature(
        machineFeatures: [.cadence, .totalDistance, MachineFeatures(rawValue: 1 << 10), .powerMeasurement],
        targetSettingFeatures: [.powerTargetSetting, .resistanceTargetSetting, .indoorBikeSimulation])

    private func characteristic(
        _ device: BridgeDevice, _ uuid: String, central: Int
    ) throws(Failure)
        -> Characteristic
    {
        guard centrals(of: device).contains(central) else { throw .notConnected(device) }
        let short = GATTUUIDs.shortForm(uuid)
        for service in Self.services(of: device) {
            if let found = service.characteristics.first(where: { $0.uuid == short }) { return found }
        }
        throw .notFound(short)
    }

    private func subscribers(_ device: BridgeDevice, _ uuid: String) -> Set<Int> {
        (subscriptions[device]?[uuid] ?? []).intersection(centrals(of: device))
    }

    private func deliver(_ device: BridgeDevice, _ uuid: String, _ bytes: [UInt8]) -> [Delivery] {
        subscribers(device, uuid).sorted().map {
            Delivery(central: $0, event: .notify(device, characteristic: uuid, bytes: bytes))
        }
    }

    private mutating func release(_ device: BridgeDevice, central: Int) {
        connected[device]?.remove(central)
        for key in (subscriptions[device] ?? [:]).keys { subscriptions[device]?[key]?.remove(central) }
        // The trainer forgets control when its last central leaves (ERG target kept, as KICKRs do).
        if device == .trainer, centrals(of: .trainer).isEmpty { trainer.linkLost() }
    }

    private mutating func note(_ device: BridgeDevice, _ event: String, central: Int?) {
        log.append(LogEntry(time: now, device: device, event: event, central: central))
    }

    static func name(of request: ControlPointRequest) -> String {
        switch request {
        case .requestControl: "requestControl"
        case .reset: "reset"
        case .setTargetSpeed: "setTargetSpeed"
        case .setTargetInclination: "setTargetInclination"
        case .setTargetResistance: "setTargetResistance"
        case .setTargetPower: "setTargetPower"
        case .setTargetHeartRate: "setTargetHeartRate"
        case .startOrResume: "startOrResume"
        case .stopOrPause: "stopOrPause"
        case .setIndoorBikeSimulation: "setIndoorBikeSimulation"
        case .setWheelCircumference: "setWheelCircumference"
        case .spinDownControl: "spinDownControl"
        case .setTargetCadence: "setTargetCadence"
        }
    }

    /// A fault in the command line's syntax, for the log.
    public static func describe(_ fault: SimulatedFault) -> String {
        func s(_ value: TimeInterval) -> String { "\(Int(value.rounded()))s" }
        switch fault {
        case .dropout(let at, let duration): return "dropout@\(s(at))+\(s(duration))"
        case .controlLost(let at): return "control@\(s(at))"
        case .strapLost(let at, let duration): return "strap@\(s(at))+\(s(duration))"
        case .garbage(let at, let duration): return "garbage@\(s(at))+\(s(duration))"
        case .stall(let at, let duration): return "stall@\(s(at))+\(s(duration))"
        case .rejectAbove(let watts): return "reject>\(watts)"
        }
    }
}
