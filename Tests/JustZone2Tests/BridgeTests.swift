import Foundation
import Testing

@testable import JustZone2

/// A browser tab in a test: the radio end of the bridge, answering the transport's frames from a simulated trainer
/// the way `radio.js` answers them from a real one (connect, subscribe, read, write; notifications numbered).
actor LoopbackRadio {
    let trainer: SimulatedGATTTransport
    private(set) var frames: [BridgeFrame] = []
    private var seq = 0
    private var relays: [String: Task<Void, Never>] = [:]
    /// When false, operations are recorded but not answered (the test answers them).
    var answers = true
    weak var bridge: BridgedGATTTransport?

    init(trainer: SimulatedGATTTransport) { self.trainer = trainer }

    func connect(_ bridge: BridgedGATTTransport, tab: String = "tab-1") async {
        self.bridge = bridge
        await bridge.attach(tab: tab) { frame in await self.handle(frame) }
    }

    func setAnswers(_ on: Bool) { answers = on }

    func handle(_ frame: BridgeFrame) async {
        frames.append(frame)
        guard answers, let bridge else { return }
        // Answer on another task, as a socket would: the transport never waits on its own send.
        Task { await self.answer(frame, bridge) }
    }

    private func answer(_ frame: BridgeFrame, _ bridge: BridgedGATTTransport) async {
        let outcome: BridgeFrame.Outcome
        let id: Int
        do {
            switch frame {
            case .connect(let opID, _):
                id = opID
                try await trainer.connect()
                outcome = .ok(values: [
                    GATTUUIDs.supportedPowerRange: try await trainer.read(GATTUUIDs.supportedPowerRange)
                ])
            case .subscribe(let opID, _, let characteristic):
                id = opID
                let stream = try await trainer.values(of: characteristic)
                relays[characteristic]?.cancel()
                relays[characteristic] = Task {
                    for await bytes in stream { await self.notify(characteristic, bytes) }
                }
                outcome = .ok(values: [:])
            case .read(let opID, _, let characteristic):
                id = opID
                outcome = .ok(values: [characteristic: try await trainer.read(characteristic)])
            case .write(let opID, _, let characteristic, let bytes):
                id = opID
                try await trainer.write(characteristic, value: bytes)
                outcome = .ok(values: [:])
            case .disconnect(let opID, _):
                id = opID
                await trainer.disconnect()
                outcome = .ok(values: [:])
            default: return
            }
        } catch {
            guard let opID = frame.operationID else { return }
            await bridge.receive(.result(id: opID, outcome: .failed(.disconnected, message: "\(error)")))
            return
        }
        await bridge.receive(.result(id: id, outcome: outcome))
    }

    func notify(_ characteristic: String, _ bytes: [UInt8]) async {
        seq += 1
        await bridge?.receive(.notify(device: .trainer, characteristic: characteristic, bytes: bytes, seq: seq))
    }

    /// The operation frames sent so far (not heartbeats).
    var operations: [BridgeFrame] { frames.filter { $0.operationID != nil } }
}

extension BridgeFrame {
    var operationID: Int? {
        switch self {
        case .connect(let id, _), .subscribe(let id, _, _), .read(let id, _, _), .write(let id, _, _, _),
            .disconnect(let id, _):
            id
        default: nil
        }
    }
}

@Suite("Web Bluetooth bridge: frames and the bridged GATT transport")
struct BridgeTests {
    @Test("every frame survives JSON and back; bytes travel as hex, characteristics as upper-case short UUIDs")
    func frameRoundTrip() throws {
        let frames: [BridgeFrame] = [
            .connect(id: 1, device: .trainer), .subscribe(id: 2, device: .hrm, characteristic: "2A37"),
            .read(id: 3, device: .trainer, characteristic: "2AD8"),
            .write(id: 4, device: .trainer, characteristic: "2AD9", bytes: [0x05, 0xC8, 0x00]),
            .disconnect(id: 5, device: .hrm), .welcome(ride: "r1", role: .viewer), .ping(7), .pong(7), .bye,
            .hello(tab: "t-9", ride: nil, role: .radio, capabilities: ["getDevices"]),
            .device(device: .trainer, event: .disconnected, name: "KICKR", reason: "gattserverdisconnected"),
            .notify(device: .trainer, characteristic: "2AD2", bytes: [0x44, 0x00, 0x8C, 0x0A], seq: 12),
            .result(id: 4, outcome: .ok(values: [:])),
            .result(id: 3, outcome: .ok(values: ["2AD8": [0x00, 0x00, 0xE8, 0x03, 0x01, 0x00]])),
            .result(id: 6, outcome: .failed(.busy, message: "GATT operation already in progress")),
            .command(id: 8, action: "adjust", value: 5), .visibility("hidden"),
        ]
        for frame in frames {
            #expect(try BridgeFrame(json: frame.json()) == frame, "\(frame.json())")
        }
        #expect(
            BridgeFrame.write(id: 4, device: .trainer, characteristic: "2AD9", bytes: [0x05, 0xC8]).json()
                == #"{"bytes":"05C8","char":"2AD9","dev":"trainer","id":4,"t":"write","v":1}"#)
        let lower = try BridgeFrame(json: #"{"v":1,"t":"notify","dev":"hrm","char":"0x2a37","bytes":"00 48","seq":1}"#)
        #expect(lower == .notify(device: .hrm, characteristic: "2A37", bytes: [0x00, 0x48], seq: 1))
        let unknownCode = try BridgeFrame(json: #"{"v":1,"t":"result","id":1,"ok":false,"error":"weird"}"#)
        #expect(unknownCode == .result(id: 1, outcome: .failed(.failed, message: nil)))
    }

    @Test("malformed frames are refused with a reason, never a crash")
    func malformedFrames() {
        let cases: [(String, BridgeFrameError)] = [
            ("not json", .notJSON), ("[1,2]", .notJSON), (#"{"t":"ping","n":1}"#, .unsupportedVersion(nil)),
            (#"{"v":2,"t":"ping","n":1}"#, .unsupportedVersion(2)), (#"{"v":1,"t":"launch"}"#, .unknownType("launch")),
            (#"{"v":1,"t":"write","id":1,"dev":"trainer","char":"2AD9"}"#, .missingField("bytes")),
            (
                #"{"v":1,"t":"notify","dev":"trainer","char":"2AD2","bytes":"4","seq":1}"#,
                .badField("bytes", "not hex bytes")
            ),
            (
                #"{"v":1,"t":"notify","dev":"trainer","char":"heart","bytes":"00","seq":1}"#,
                .badField("char", "'heart' is not a 16-bit UUID like 2AD9")
            ),
            (
                #"{"v":1,"t":"notify","dev":"trainer","char":"2AD2","bytes":"00","seq":-1}"#,
                .badField("seq", "must not be negative")
            ),
            (#"{"v":1,"t":"hello","tab":""}"#, .badField("tab", "1 to 64 characters")),
            (#"{"v":1,"t":"result","id":"7","ok":true}"#, .badField("id", "wrong type")),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text)") { try BridgeFrame(json: text) }
        }
        #expect(throws: BridgeFrameError.tooLarge(BridgeFrame.maxFrameBytes + 1)) {
            try BridgeFrame(json: String(repeating: " ", count: BridgeFrame.maxFrameBytes + 1))
        }
        // Fuzz: random and truncated frames throw (or parse), never trap.
        var random = SystemRandomNumberGenerator()
        let valid = BridgeFrame.notify(device: .trainer, characteristic: "2AD2", bytes: [1, 2, 3], seq: 4).json()
        for length in 0..<valid.count { _ = try? BridgeFrame(json: String(valid.prefix(length))) }
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<80, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            _ = try? BridgeFrame(json: String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test("the trainer session runs over the bridge: control, target, notifications, in order, one at a time")
    func sessionOverBridge() async {
        let trainer = SimulatedGATTTransport()
        let radio = LoopbackRadio(trainer: trainer)
        let bridge = BridgedGATTTransport(device: .trainer, clock: ManualClock())
        await radio.connect(bridge)
        let session = TrainerSession(transport: bridge, options: .init(), clock: ManualClock())
        let task = Task { await session.run() }
        await session.setTarget(watts: 200)
        await settle("target applied through the bridge") { await trainer.trainer.targetWatts == 200 }
        #expect(await trainer.writes == [.requestControl, .startOrResume, .setTargetPower(watts: 200)])
        await trainer.pump()
        await settle("bike data relayed") { await session.latestBikeData?.instantaneousPower != nil }
        let operations = await radio.operations
        if case .connect = operations.first {} else { Issue.record("the first operation is connect: \(operations)") }
        let ids = operations.compactMap(\.operationID)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "ids increase, never reused")
        task.cancel()
        await task.value
    }

    @Test("a dropped trainer link is re-established through the bridge and the target re-applied")
    func dropThroughBridge() async {
        let trainer = SimulatedGATTTransport()
        let radio = LoopbackRadio(trainer: trainer)
        let bridge = BridgedGATTTransport(device: .trainer, clock: ManualClock())
        await radio.connect(bridge)
        let clock = ManualClock()
        var options = TrainerSession.Options()
        options.reconnectDelays = [.milliseconds(10)]
        let session = TrainerSession(transport: bridge, options: options, clock: clock)
        let task = Task { await session.run() }
        await session.setTarget(watts: 180)
        await settle("target applied") { await trainer.trainer.targetWatts == 180 }
        // The browser reports the drop (gattserverdisconnected); the trainer forgets control.
        let writesBefore = await trainer.writes.count
        await trainer.dropLink()
        await bridge.receive(.device(device: .trainer, event: .disconnected, name: nil, reason: "out of range"))
        await settle("link seen down") { await !session.isConnected }
        await trainer.restore()
        await settle("the session waits to reconnect") { clock.sleeping >= 1 }
        clock.advance(by: .milliseconds(10))
        await settle("reconnected") { await session.connections == 2 }
        // The whole control sequence runs again (the simulator keeps its last target, so wait for the writes).
        await settle("target re-applied") {
            await trainer.writes.dropFirst(writesBefore).contains(.setTargetPower(watts: 180))
        }
        #expect(
            Array(await trainer.writes.dropFirst(writesBefore)) == [
                .requestControl, .startOrResume, .setTargetPower(watts: 180),
            ])
        #expect(await trainer.trainer.controlGranted)
        #expect(await trainer.trainer.targetWatts == 180)
        task.cancel()
        await task.value
    }

    @Test("one operation in flight, first in first out; a newer write replaces a queued one; the queue is bounded")
    func ordering() async throws {
        let radio = LoopbackRadio(trainer: SimulatedGATTTransport())
        await radio.setAnswers(false)
        var timeouts = BridgedGATTTransport.Timeouts()
        timeouts.queueLimit = 3
        let bridge = BridgedGATTTransport(device: .trainer, timeouts: timeouts, clock: ManualClock())
        await radio.connect(bridge)
        let first = Task { try await bridge.write("2AD9", value: [0x00]) }
        await settle("first sent") { await radio.operations.count == 1 }
        let read = Task { try await bridge.read("2AD8") }
        await settle("read queued") { await bridge.queued == 1 }
        let stale = Task { try await bridge.write("2AD9", value: [0x05, 0x64, 0x00]) }
        await settle("write queued") { await bridge.queued == 2 }
        let fresh = Task { try await bridge.write("2AD9", value: [0x05, 0xC8, 0x00]) }
        await settle("newer write replaced the queued one") {
            if case .failure(BridgeError.superseded) = await stale.result { return true }
            return false
        }
        #expect(await radio.operations.count == 1, "nothing else is sent while one operation is in flight")
        _ = Task { try await bridge.write("2AD3", value: [1]) }
        _ = Task { try await bridge.write("2AD4", value: [1]) }
        await settle("queue full") { await bridge.queued == 3 }
        await #expect(throws: BridgeError.queueFull) { try await bridge.write("2AD5", value: [1]) }

        // Answer in order: each answer lets exactly the next operation go.
        for expected in 1...3 {
            let operations = await radio.operations
            #expect(operations.count == expected)
            guard let id = operations.last?.operationID else { break }
            let values: [String: [UInt8]] = expected == 2 ? ["2AD8": [1, 2]] : [:]
            await bridge.receive(.result(id: id, outcome: .ok(values: values)))
            await settle("next sent") { await radio.operations.count == expected + 1 }
        }
        try await first.value
        #expect(try await read.value == [1, 2])
        try await fresh.value
        let sent = await radio.operations.prefix(3).map { frame -> String in
            if case .write(_, _, let characteristic, let bytes) = frame { return "\(characteristic) \(bytes)" }
            return "read"
        }
        #expect(sent == ["2AD9 [0]", "read", "2AD9 [5, 200, 0]"])
    }

    @Test("an unanswered operation times out, its late result is ignored, and the next one goes")
    func timeouts() async throws {
        let radio = LoopbackRadio(trainer: SimulatedGATTTransport())
        await radio.setAnswers(false)
        let clock = ManualClock()
        let bridge = BridgedGATTTransport(device: .trainer, clock: clock)
        await radio.connect(bridge)
        let write = Task { try await bridge.write("2AD9", value: [0x00]) }
        let next = Task { try await bridge.write("2AD3", value: [0x01]) }
        await settle("first in flight, its timer running") { await radio.operations.count == 1 && clock.sleeping == 1 }
        clock.advance(by: .seconds(1))
        #expect(await radio.operations.count == 1, "1 s is within a write's 2 s")
        clock.advance(by: .seconds(1))
        await #expect(throws: BridgeError.timedOut("write")) { try await write.value }
        await settle("the next operation went") { await radio.operations.count == 2 }
        let firstID = await radio.operations[0].operationID ?? -1
        await bridge.receive(.result(id: firstID, outcome: .ok(values: [:])))
        #expect(await bridge.lateResults == 1)
        let secondID = await radio.operations[1].operationID ?? -1
        await bridge.receive(.result(id: secondID, outcome: .failed(.notFound, message: nil)))
        await #expect(throws: BridgeError.refused(.notFound, nil)) { try await next.value }
    }

    @Test(
        "resent notifications are dropped; a new tab numbers afresh; losing the radio fails what waits and ends streams"
    )
    func radioLoss() async throws {
        let radio = LoopbackRadio(trainer: SimulatedGATTTransport())
        let clock = ManualClock()
        let bridge = BridgedGATTTransport(device: .trainer, clock: clock)
        await radio.connect(bridge)
        try await bridge.connect()
        var links = bridge.linkEvents.makeAsyncIterator()
        #expect(await links.next() == .connected)
        let stream = try await bridge.values(of: "2AD2")
        let received = Task { await stream.reduce(into: [[UInt8]]()) { $0.append($1) } }
        for (seq, byte) in [(1, 1), (2, 2), (2, 2), (1, 1), (3, 3)] {
            await bridge.receive(.notify(device: .trainer, characteristic: "2AD2", bytes: [UInt8(byte)], seq: seq))
        }
        // The strap's frames are not this transport's.
        await bridge.receive(.notify(device: .hrm, characteristic: "2AD2", bytes: [9], seq: 4))
        #expect(await bridge.duplicates == 2)
        // The same tab on a new socket keeps numbering; another tab starts afresh.
        await radio.connect(bridge, tab: "tab-1")
        await bridge.receive(.notify(device: .trainer, characteristic: "2AD2", bytes: [3], seq: 3))
        await radio.connect(bridge, tab: "tab-2")
        await bridge.receive(.notify(device: .trainer, characteristic: "2AD2", bytes: [4], seq: 1))
        #expect(await bridge.duplicates == 3)

        await radio.setAnswers(false)
        let pending = Task { try await bridge.read("2AD8") }
        await settle("read in flight") { await radio.operations.count == 3 }
        await bridge.detachRadio(reason: "socket closed")
        await #expect(throws: BridgeError.noRadio) { try await pending.value }
        #expect(await received.value == [[1], [2], [3], [4]], "the stream ended with the radio, nothing repeated")
        #expect(await links.next() == .disconnected(reason: "socket closed"))
        await #expect(throws: BridgeError.noRadio) { try await bridge.write("2AD9", value: [0]) }

        // connect() waits for a radio: one arriving in time lets it through, none gives up after the wait.
        await radio.setAnswers(true)
        let reconnect = Task { try await bridge.connect() }
        await settle("waiting for a radio") { clock.sleeping == 1 }
        await radio.connect(bridge, tab: "tab-3")
        try await reconnect.value
        #expect(await links.next() == .connected)
        await bridge.detachRadio()
        let lonely = Task { try await bridge.connect() }
        await settle("waiting for a radio") { clock.sleeping >= 1 }
        clock.advance(by: .seconds(30))
        await #expect(throws: BridgeError.noRadio) { try await lonely.value }
    }
}
