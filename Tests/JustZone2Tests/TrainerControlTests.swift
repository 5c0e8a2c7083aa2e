import Foundation
import Testing

@testable import JustZone2

@Suite("Trainer control sequence")
struct TrainerControlTests {
    let range = SupportedPowerRange(minimumWatts: 0, maximumWatts: 1500, incrementWatts: 5)

    func ok(_ request: ControlPointRequest) -> TrainerControl.Event {
        .response(ControlPointResponse(requestOpCode: request.opCode, result: .success))
    }

    /// Brings a controller to `ready` with a 200 W target applied.
    func ready() -> TrainerControl {
        var control = TrainerControl()
        _ = control.handle(.setTarget(watts: 200), at: 0)
        _ = control.handle(.linkUp(powerRange: range), at: 0)
        _ = control.handle(ok(.requestControl), at: 0.1)
        _ = control.handle(ok(.startOrResume), at: 0.2)
        _ = control.handle(ok(.setTargetPower(watts: 200)), at: 0.3)
        return control
    }

    @Test("link-up runs Request Control → Start/Resume → Set Target Power, and targets wait for control")
    func sequence() {
        var control = TrainerControl()
        #expect(control.handle(.setTarget(watts: 203), at: 0).isEmpty, "no write before the link is up")
        #expect(control.handle(.linkUp(powerRange: range), at: 0) == [.requestControl])
        #expect(control.handle(.setTarget(watts: 207), at: 0.05).isEmpty, "no target before control is granted")
        #expect(control.handle(ok(.requestControl), at: 0.1) == [.startOrResume])
        // Clamped to the 5 W increment.
        #expect(control.handle(ok(.startOrResume), at: 0.2) == [.setTargetPower(watts: 205)])
        #expect(control.handle(ok(.setTargetPower(watts: 205)), at: 0.3).isEmpty)
        #expect(control.appliedTarget == 205 && control.phase == .ready)
    }

    @Test("rapid target changes are coalesced to the newest while a write is in flight")
    func coalescing() {
        var control = ready()
        #expect(control.handle(.setTarget(watts: 210), at: 1) == [.setTargetPower(watts: 210)])
        for (index, watts) in [215, 220, 225, 230].enumerated() {
            #expect(control.handle(.setTarget(watts: watts), at: 1.01 + Double(index) * 0.01).isEmpty)
        }
        #expect(control.handle(ok(.setTargetPower(watts: 210)), at: 1.2) == [.setTargetPower(watts: 230)])
        #expect(control.handle(ok(.setTargetPower(watts: 230)), at: 1.3).isEmpty)
        // A response for something else, or a duplicate, changes nothing.
        #expect(control.handle(ok(.startOrResume), at: 1.4).isEmpty)
    }

    @Test("a missing response is retried after 1 s, three tries, then the sequence starts over")
    func timeouts() {
        var control = ready()
        #expect(control.handle(.setTarget(watts: 250), at: 10) == [.setTargetPower(watts: 250)])
        #expect(control.handle(.tick, at: 10.5).isEmpty)
        #expect(control.handle(.tick, at: 11.0) == [.setTargetPower(watts: 250)])
        #expect(control.handle(.tick, at: 12.0) == [.setTargetPower(watts: 250)])
        #expect(control.handle(.tick, at: 13.0) == [.requestControl])
        #expect(control.phase == .requestingControl)
        #expect(control.handle(ok(.requestControl), at: 13.1) == [.startOrResume])
        #expect(control.handle(ok(.startOrResume), at: 13.2) == [.setTargetPower(watts: 250)])
    }

    @Test("after a dropout or Control Permission Lost the sequence is redone and the last target re-applied")
    func recovery() {
        var control = ready()
        #expect(control.handle(.linkDown, at: 5).isEmpty)
        #expect(control.handle(.setTarget(watts: 180), at: 6).isEmpty, "nothing is written without a link")
        #expect(control.handle(.linkUp(powerRange: nil), at: 8) == [.requestControl])
        #expect(control.handle(ok(.requestControl), at: 8.2) == [.startOrResume])
        #expect(control.handle(ok(.startOrResume), at: 8.4) == [.setTargetPower(watts: 180)])
        #expect(control.handle(ok(.setTargetPower(watts: 180)), at: 8.5).isEmpty)

        #expect(control.handle(.status(.controlPermissionLost), at: 20) == [.requestControl])
        // Another app still holds control: ask again.
        let refused = ControlPointResponse(requestOpCode: 0x00, result: .controlNotPermitted)
        #expect(control.handle(.response(refused), at: 20.1) == [.requestControl])
        #expect(control.handle(ok(.requestControl), at: 21) == [.startOrResume])
        #expect(control.handle(ok(.startOrResume), at: 21.1) == [.setTargetPower(watts: 180)])
    }

    @Test("a rejected target is clamped to the advertised range and retried once, then held")
    func rejected() {
        var control = TrainerControl()
        _ = control.handle(.linkUp(powerRange: nil), at: 0)
        _ = control.handle(ok(.requestControl), at: 0.1)
        _ = control.handle(ok(.startOrResume), at: 0.2)
        #expect(control.handle(.setTarget(watts: 2000), at: 1) == [.setTargetPower(watts: 2000)])
        let invalid = ControlPointResponse(requestOpCode: 0x05, result: .invalidParameter)
        #expect(control.handle(.response(invalid), at: 1.1).isEmpty, "no range known: held, not retried forever")
        _ = control.handle(.linkUp(powerRange: range), at: 2)
        _ = control.handle(ok(.requestControl), at: 2.1)
        #expect(control.handle(ok(.startOrResume), at: 2.2).isEmpty, "the rejected value is not sent again")
        #expect(control.handle(.setTarget(watts: 2000), at: 3) == [.setTargetPower(watts: 1500)])
    }

    @Test("a refused target the workout re-asserts every second is not sent again; another target is")
    func refusedHeld() {
        var control = ready()
        #expect(control.handle(.setTarget(watts: 300), at: 1) == [.setTargetPower(watts: 300)])
        let invalid = ControlPointResponse(requestOpCode: 0x05, result: .invalidParameter)
        #expect(control.handle(.response(invalid), at: 1.1).isEmpty)
        #expect(control.rejectedTarget == 300 && control.appliedTarget == 200, "refused: 200 W held")
        for second in 2...5 {
            #expect(control.handle(.setTarget(watts: 300), at: Double(second)).isEmpty, "not re-sent at \(second) s")
        }
        #expect(control.rejectedTarget == 300)
        #expect(control.handle(.setTarget(watts: 250), at: 6) == [.setTargetPower(watts: 250)])
        #expect(control.rejectedTarget == nil)
    }

    @Test("low cadence releases the target after 3 s and restores it when cadence recovers")
    func lowCadence() {
        var control = ready()
        #expect(control.handle(.cadence(85), at: 1).isEmpty)
        #expect(control.handle(.cadence(20), at: 2).isEmpty)
        #expect(control.handle(.cadence(15), at: 4).isEmpty)
        #expect(control.handle(.cadence(12), at: 5) == [.setTargetResistance(level: 0)])
        #expect(control.isReleased)
        #expect(control.handle(ok(.setTargetResistance(level: 0)), at: 5.1).isEmpty)
        #expect(control.handle(.cadence(nil), at: 6).isEmpty, "still released while cadence is missing")
        #expect(control.handle(.cadence(70), at: 8) == [.setTargetPower(watts: 200)])
        #expect(!control.isReleased)
    }

    @Test("pause writes Stop/Pause and no targets; resume writes Start/Resume and re-applies the target")
    func pauseAndResume() {
        var control = ready()
        #expect(control.handle(.pause, at: 1) == [.stopOrPause(.pause)])
        #expect(control.handle(ok(.stopOrPause(.pause)), at: 1.1).isEmpty)
        #expect(control.handle(.setTarget(watts: 250), at: 2).isEmpty, "no target while paused")
        #expect(control.handle(.pause, at: 2.5).isEmpty, "a second pause changes nothing")
        #expect(control.handle(.resume, at: 3) == [.startOrResume])
        #expect(control.handle(ok(.startOrResume), at: 3.1) == [.setTargetPower(watts: 250)])
        #expect(!control.isPaused)
    }

    @Test("a pause in flight or across a reconnection still ends paused, and a quick resume undoes it")
    func pauseEdgeCases() {
        var control = ready()
        // Pause while a target write is in flight: the pause follows its response.
        #expect(control.handle(.setTarget(watts: 220), at: 1) == [.setTargetPower(watts: 220)])
        #expect(control.handle(.pause, at: 1.05).isEmpty)
        #expect(control.handle(ok(.setTargetPower(watts: 220)), at: 1.1) == [.stopOrPause(.pause)])
        // Resume before the trainer confirmed the pause: Start/Resume right after the confirmation.
        #expect(control.handle(.resume, at: 1.15).isEmpty)
        #expect(control.handle(ok(.stopOrPause(.pause)), at: 1.2) == [.startOrResume])
        #expect(control.handle(ok(.startOrResume), at: 1.3) == [.setTargetPower(watts: 220)])
        // Paused across a dropout: the new link is paused again after control is regained, no target written.
        _ = control.handle(ok(.setTargetPower(watts: 220)), at: 1.4)
        _ = control.handle(.pause, at: 2)
        _ = control.handle(ok(.stopOrPause(.pause)), at: 2.1)
        _ = control.handle(.linkDown, at: 3)
        #expect(control.handle(.linkUp(powerRange: range), at: 5) == [.requestControl])
        #expect(control.handle(ok(.requestControl), at: 5.1) == [.startOrResume])
        #expect(control.handle(ok(.startOrResume), at: 5.2) == [.stopOrPause(.pause)])
    }
}
