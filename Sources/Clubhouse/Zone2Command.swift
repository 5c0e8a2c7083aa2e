import ArgumentParser
import ClubhouseServer
import Foundation
import JustZone2
import JustZone2Server
import ServerKit

struct Zone2Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zone2", abstract: "JustZone2 tools: decode trainer data, analyse rides.",
        subcommands: [Ride.self, Recover.self, Upload.self, Decode.self, Analyze.self, Zone2PeripheralsCommand.self])

    struct Ride: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ride a workout on the simulated trainer and heart-rate strap (FTMS bytes, faults included).",
            discussion: """
                Example: clubhouse zone2 ride --simulate --duration 20m --time-scale 60 --fault dropout@5m
                Faults: dropout@5m[+20s], control@3m, strap@10m[+5m], garbage@2m[+10s], reject>250.
                Writes <id>.fit and <id>.tcx under <data dir>/zone2 and prints the analysis; a checkpoint is kept
                there every minute while riding.
                Keys (in a terminal): ↑ or + raises the target (5 W in ERG mode, 1 bpm of the zone in heart-rate
                mode), ↓ or - lowers it, space or p pauses and resumes, q or Ctrl-C stops and saves the ride.
                """)

        @Flag(help: "Use the simulator (no Bluetooth stack is available on this machine).")
        var simulate = false

        @Option(help: "Main part length: 45m, 90s or seconds.")
        var duration: String = "45m"

        @Option(help: "Warm-up and cool-down lengths.")
        var warmUp: String = "5m"

        @Option(help: "Cool-down length.")
        var coolDown: String = "3m"

        @Option(help: "ERG power in watts; without it the ride is heart-rate guided.")
        var watts: Int?

        @Option(help: "Maximum heart rate for the Zone 2 band (60–70 %) in heart-rate mode.")
        var maxHR: Int = 190

        @Option(help: "Simulated seconds per real second (60 runs an hour in a minute).")
        var timeScale: Double = 1

        @Option(help: "Fault to inject (repeatable).")
        var fault: [String] = []

        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard simulate else {
                try fail(
                    "Only --simulate is available here: connect a trainer through an app that embeds the JustZone2 core."
                )
            }
            guard let main = Self.seconds(duration), let warm = Self.seconds(warmUp), let cool = Self.seconds(coolDown)
            else { try fail("Durations look like 45m, 90s or 600.") }
            guard timeScale.isFinite, timeScale > 0, timeScale <= 10_000 else {
                try fail("--time-scale must be between 0 and 10000.")
            }
            var faults: [SimulatedFault] = []
            for text in fault {
                guard let parsed = SimulatedFault(argument: text) else { try fail("Unknown fault '\(text)'.") }
                faults.append(parsed)
            }
            let mode: WorkoutMode
            let zone = try? Zone2Method.percentOfMax(maxHR: maxHR).zone()
            if let watts {
                mode = .erg(targetWatts: max(0, watts))
            } else if let zone {
                mode = .heartRate(zone: zone, startWatts: 150, floorWatts: 80, ceilingWatts: 320)
            } else {
                try fail("--max-hr must be a plausible heart rate (30–230).")
            }
            let config = try await common.config()
            let directory = URL(fileURLWithPath: config.dataDirectory).appendingPathComponent("zone2")
            let id = "ride-\(Int(Date().timeIntervalSince1970))"
            let plan = WorkoutPlan(mode: mode, duration: main, warmUp: warm, coolDown: cool)
            var ride = RideSimulation(plan: plan, faults: faults, id: id)
            let store = CheckpointStore(directory: directory)
            let interactive = isatty(STDOUT_FILENO) != 0
            let keys = TerminalKeys()
            defer { keys.restore() }
            var parser = RideKeys(ergMode: watts != nil)
            if keys.isActive { print(RideKeys.help) }
            var logged = 0
            var lastLine = -1
            var lastCheckpoint: TimeInterval = 0
            while !ride.isFinished {
                for command in parser.commands(from: keys.drain()) { ride.apply(command) }
                for _ in 0..<10 where !ride.isFinished { ride.step() }
                let second = Int(ride.clock)
                for entry in ride.log.dropFirst(logged) {
                    print("\(interactive ? "\r\u{1B}[K" : "")[\(Self.clock(entry.time))] \(entry.message)")
                }
                logged = ride.log.count
                if interactive || second / 60 != lastLine / 60 {
                    lastLine = second
                    let sample = ride.recording.samples.last
                    let state =
                        ride.recording.isPaused ? "paused" : plan.phase(at: ride.recording.elapsed).rawValue
                    let line =
                        "\(Self.clock(ride.recording.elapsed))  \(sample?.power.map { "\($0)" } ?? "–")/\(sample?.target.map { "\($0)" } ?? "–") W  \(sample?.cadence.map { "\($0)" } ?? "–") rpm  \(sample?.heartRate.map { "\($0)" } ?? "–") bpm  \(state)"
                    if interactive { print("\r\u{1B}[K" + line, terminator: "") } else { print(line) }
                    fflush(nil)
                }
                // A checkpoint every minute of riding: a crash loses at most a minute.
                if ride.recording.elapsed - lastCheckpoint >= 60 {
                    var recording = ride.recording
                    try? store.save(&recording)
                    lastCheckpoint = ride.recording.elapsed
                }
                try await Task.sleep(for: .seconds(1 / timeScale))
            }
            if interactive { print("") }
            let paths = try Zone2Tools.save(ride.recording, in: directory)
            store.remove(id: id)
            print(
                Zone2Tools.report(WorkoutAnalyzer.analyze(ride.recording.samples, zone: zone), name: "Simulated ride"))
            print(paths.map { "wrote \($0)" }.joined(separator: "\n"))
        }

        static func seconds(_ text: String) -> TimeInterval? { WorkoutPlan.seconds(fromText: text) }

        static func clock(_ seconds: TimeInterval) -> String { Zone2Tools.clock(seconds) }
    }

    struct Recover: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List workouts interrupted by a crash (checkpoints in <data dir>/zone2) and save or discard them."
        )

        @Flag(help: "Write each interrupted workout as FIT and TCX, then remove its checkpoint.")
        var save = false

        @Flag(help: "Remove the checkpoints without saving.")
        var discard = false

        @OptionGroup var common: CommonOptions

        func run() async throws {
            let config = try await common.config()
            let directory = URL(fileURLWithPath: config.dataDirectory).appendingPathComponent("zone2")
            let store = CheckpointStore(directory: directory)
            let interrupted = store.interrupted()
            guard !interrupted.isEmpty else {
                print("No interrupted workouts in \(directory.path).")
                return
            }
            for recording in interrupted {
                let minutes = Int(recording.elapsed / 60)
                print(
                    "\(recording.id): started \(recording.startedAt), \(minutes) min recorded, \(recording.samples.count) samples"
                )
                if save {
                    for path in try Zone2Tools.save(recording, in: directory) { print("  wrote \(path)") }
                    store.remove(id: recording.id)
                } else if discard {
                    store.remove(id: recording.id)
                    print("  discarded")
                }
            }
        }
    }

    struct Upload: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload a ride file to Strava (needs the athlete's access token with activity:write).")

        @Argument(help: "A FIT, TCX or GPX file, e.g. one written by `zone2 ride`.")
        var file: String

        @Option(help: "The athlete's Strava access token (or STRAVA_ACCESS_TOKEN).")
        var accessToken: String?

        @Option(help: "Activity name.")
        var name: String = "Zone 2 ride"

        @OptionGroup var common: CommonOptions

        func run() async throws {
            guard let token = accessToken ?? ProcessInfo.processInfo.environment["STRAVA_ACCESS_TOKEN"], !token.isEmpty
            else { try fail("Give the athlete's access token with --access-token or STRAVA_ACCESS_TOKEN.") }
            let runtime = try await ClubhouseRuntime.start(try await common.config(), label: "clubhouse")
            do {
                print(try await runtime.apps.justZone2.upload(fileAt: file, accessToken: token, name: name))
            } catch let error as Zone2ToolError {
                await runtime.database.close()
                try fail(error.description)
            }
            await runtime.database.close()
        }
    }

    struct Decode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode one Bluetooth characteristic value to JSON (FTMS, heart rate, cycling power).",
            discussion: "Example: clubhouse zone2 decode 2AD2 '44 00 8C 0A 5A 00 96 00' (27 km/h, 45 rpm, 150 W)")

        @Argument(help: "Characteristic UUID, e.g. 2AD2 (Indoor Bike Data), 2AD9, 2ADA, 2ACC, 2AD8, 2A37, 2A63.")
        var characteristic: String

        @Argument(help: "The value in hex; spaces and colons are allowed.")
        var hex: [String]

        func run() async throws {
            do {
                print(try Zone2Tools.decode(characteristic: characteristic, hex: hex.joined(separator: " ")))
            } catch {
                try fail(error.description)
            }
        }
    }

    struct Analyze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Analyse a FIT, TCX or GPX ride: power, heart rate, Zone 2 time, efficiency, decoupling.")

        @Argument(help: "The file.")
        var file: String

        @Option(help: "Maximum heart rate (Zone 2 = 60–70 %, or Karvonen with --resting-hr).")
        var maxHR: Int?

        @Option(help: "Resting heart rate, for the heart-rate-reserve (Karvonen) zone with --max-hr.")
        var restingHR: Int?

        @Option(help: "Lactate-threshold heart rate (Friel's cycling Zone 2: 81–89 %).")
        var lthr: Int?

        @Option(help: "Age, for MAF (180 − age).")
        var age: Int?

        @Option(help: "Zone 2 bounds, e.g. 125-138.")
        var zone: String?

        func run() async throws {
            do {
                print(try Zone2Tools.analyze(fileAt: file, zone: try zoneMethod().map { try $0.zone() }))
            } catch let error as Zone2ToolError {
                try fail(error.description)
            } catch let error as ZoneError {
                try fail(error.description)
            }
        }

        func zoneMethod() throws -> Zone2Method? {
            if let zone {
                let parts = zone.split(separator: "-").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2 else { throw ValidationError("--zone must look like 125-138.") }
                return .manual(lower: parts[0], upper: parts[1])
            }
            if let maxHR, let restingHR { return .heartRateReserve(restingHR: restingHR, maxHR: maxHR) }
            if let maxHR { return .percentOfMax(maxHR: maxHR) }
            if let lthr { return .frielLTHR(lthr: lthr) }
            if let age { return .maf(age: age, adjustment: 0) }
            return nil
        }
    }
}

/// Prints the reason to standard error and exits with status 1 (no usage text: the input, not the command, was wrong).
func fail(_ message: String) throws -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    throw ExitCode.failure
}
