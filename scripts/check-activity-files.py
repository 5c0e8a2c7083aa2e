#!/usr/bin/env python3
"""Cross-check ActivityFiles output with independent decoders.

Usage: check-activity-files.py DIR   (DIR holds ride.fit, ride.tcx, ride.json written by the Swift test
ExternalCheckTests when ACTIVITY_FILES_OUT=DIR). Requires: pip install garmin-fit-sdk fitdecode tcxreader

Checks that the Garmin FIT SDK decoder reports no errors and that its record messages match every sample
(timestamp, power, heart_rate when present, cadence, distance within 0.01 m, speed within 0.001 m/s), that
fitdecode reads the same records with a valid CRC, and that tcxreader reads every trackpoint with the same
time/HR/cadence/watts/distance. Prints a one-line summary; exits 1 with details on any mismatch.
"""
import datetime
import json
import os
import sys

MAX_DETAILS = 20
FIT_EPOCH = datetime.datetime(1989, 12, 31, tzinfo=datetime.timezone.utc)


def parse_time(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)


def as_utc(value):
    if isinstance(value, datetime.datetime):
        return value if value.tzinfo else value.replace(tzinfo=datetime.timezone.utc)
    if isinstance(value, (int, float)):  # raw FIT timestamp
        return FIT_EPOCH + datetime.timedelta(seconds=value)
    return value


class Checker:
    def __init__(self, expected):
        self.expected = expected
        self.mismatches = []

    def fail(self, decoder, message):
        self.mismatches.append(f"{decoder}: {message}")

    def compare(self, decoder, records, *, hr_absent_ok=False):
        """records: list of dicts with time, power, hr, cadence, speed, distance (None when absent)."""
        if len(records) != len(self.expected):
            self.fail(decoder, f"{len(records)} samples, expected {len(self.expected)}")
        for i, (want, got) in enumerate(zip(self.expected, records)):
            problems = []
            if got["time"] != parse_time(want["time"]):
                problems.append(f"time {got['time']} != {want['time']}")
            for key in ("power", "hr", "cadence"):
                if key not in got:
                    continue
                if got[key] != want[key]:
                    problems.append(f"{key} {got[key]!r} != {want[key]!r}")
            for key, tolerance in (("distance", 0.01), ("speed", 0.001)):
                if key not in got:
                    continue
                a, b = got[key], want[key]
                if (a is None) != (b is None) or (a is not None and abs(a - b) > tolerance + 1e-9):
                    problems.append(f"{key} {a!r} != {b!r}")
            if problems:
                self.fail(decoder, f"sample {i} ({want['time']}): " + ", ".join(problems))


def garmin_records(path, checker):
    from garmin_fit_sdk import Decoder, Stream

    # is_fit()/check_integrity() consume the stream, so each check gets its own decoder.
    if not Decoder(Stream.from_file(path)).is_fit():
        checker.fail("garmin-fit-sdk", "is_fit() is false")
    if not Decoder(Stream.from_file(path)).check_integrity():
        checker.fail("garmin-fit-sdk", "check_integrity() failed (CRC)")
    messages, errors = Decoder(Stream.from_file(path)).read()
    for error in errors:
        checker.fail("garmin-fit-sdk", f"decoder error: {error}")
    for name in ("file_id_mesgs", "event_mesgs", "record_mesgs", "lap_mesgs", "session_mesgs", "activity_mesgs"):
        if not messages.get(name):
            checker.fail("garmin-fit-sdk", f"no {name}")
    file_id = (messages.get("file_id_mesgs") or [{}])[0]
    if file_id.get("type") != "activity":
        checker.fail("garmin-fit-sdk", f"file_id.type {file_id.get('type')!r} != 'activity'")
    session = (messages.get("session_mesgs") or [{}])[0]
    if session.get("sport") != "cycling":
        checker.fail("garmin-fit-sdk", f"session.sport {session.get('sport')!r} != 'cycling'")
    records = []
    for m in messages.get("record_mesgs", []):
        speed = m.get("enhanced_speed", m.get("speed"))
        records.append({
            "time": as_utc(m.get("timestamp")),
            "power": m.get("power"),
            "hr": m.get("heart_rate"),
            "cadence": m.get("cadence"),
            "distance": m.get("distance"),
            "speed": speed,
        })
    return records


def fitdecode_records(path, checker):
    import fitdecode

    records = []
    try:
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
            for frame in reader:
                if isinstance(frame, fitdecode.FitDataMessage) and frame.name == "record":
                    def value(name):
                        return frame.get_value(name, fallback=None) if frame.has_field(name) else None
                    speed = value("enhanced_speed")
                    if speed is None:
                        speed = value("speed")
                    records.append({
                        "time": as_utc(value("timestamp")),
                        "power": value("power"),
                        "hr": value("heart_rate"),
                        "cadence": value("cadence"),
                        "distance": value("distance"),
                        "speed": speed,
                    })
    except Exception as error:  # fitdecode raises on CRC and format errors
        checker.fail("fitdecode", f"{type(error).__name__}: {error}")
    return records


def tcxreader_records(path, checker):
    from tcxreader.tcxreader import TCXReader

    try:
        exercise = TCXReader().read(path, only_gps=False)
    except Exception as error:
        checker.fail("tcxreader", f"{type(error).__name__}: {error}")
        return []
    records = []
    for tp in exercise.trackpoints:
        ext = tp.tpx_ext or {}
        records.append({
            "time": as_utc(tp.time),
            "power": ext.get("Watts"),
            "hr": tp.hr_value,
            "cadence": tp.cadence,
            "distance": tp.distance,
            "speed": ext.get("Speed"),
        })
    return records


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ACTIVITY_FILES_OUT", ".")
    with open(os.path.join(directory, "ride.json")) as f:
        expected = json.load(f)
    checker = Checker(expected)
    decoders = [
        ("garmin-fit-sdk", garmin_records, "ride.fit"),
        ("fitdecode", fitdecode_records, "ride.fit"),
        ("tcxreader", tcxreader_records, "ride.tcx"),
    ]
    counts = []
    for name, read, filename in decoders:
        records = read(os.path.join(directory, filename), checker)
        counts.append(len(records))
        checker.compare(name, records)
    counts_text = f"{counts[0]} samples each" if len(set(counts)) == 1 else "samples " + "/".join(map(str, counts))
    print(f"activity files: {len(decoders)} decoders, {counts_text}, {len(checker.mismatches)} mismatches "
          f"(expected {len(expected)} samples)")
    if checker.mismatches or not expected:
        for line in checker.mismatches[:MAX_DETAILS]:
            print("  " + line, file=sys.stderr)
        if len(checker.mismatches) > MAX_DETAILS:
            print(f"  … {len(checker.mismatches) - MAX_DETAILS} more", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
