#!/usr/bin/env python3
"""Synthetic Club Weekly clubs for load tests (issue 17): N members, W weeks of history, 2–5 rides a week each.

Deterministic: the same --seed, --members, --weeks and --end give the same rows (each member draws from its own
seeded generator, so member i's rides do not depend on N). At 5,000 members × 104 weeks that is ≈ 1.8 M activities.

Modes
  db   (default) create the club with `clubhouse club create` (so migrations, ids and the sealed code are the
       server's own), then write members and activities straight into the database in one transaction:
       SQLite with Python's sqlite3 (<data-dir>/clubhouse.sqlite), PostgreSQL (DATABASE_URL set) with `psql \\copy`.
       Then `clubhouse club rollups rebuild --club <slug>` runs when the binary has that command (it derives the
       per-member weekly rollups from the activities written here; skip with --no-rollups).
  csv  write Strava export files (activities.csv format, as `clubhouse club import` reads them) of members
       [--first-member, --first-member + --members) into --out, one `m<index>.csv` per member, for import benchmarks.

Examples
  scripts/club-synth.py --members 5000 --data-dir /tmp/big --bin .build/release/clubhouse        # ≈ 1–2 min
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/big scripts/club-synth.py --members 5000 --data-dir /tmp/bigpg \\
      --bin .build/release/clubhouse
  scripts/club-synth.py csv --members 20 --first-member 9000 --out /tmp/import-csv
"""

import argparse
import csv
import datetime
import io
import os
import random
import sqlite3
import subprocess
import sys
import time

FIRST = ["Aoife", "Sean", "Niamh", "Conor", "Ciara", "Darragh", "Saoirse", "Eoin", "Roisin", "Cian", "Orla",
         "Padraig", "Grainne", "Fionn", "Siobhan", "Oisin", "Clodagh", "Tadhg", "Maeve", "Ronan", "Laura", "Mark",
         "Anna", "Paul", "Sarah", "David", "Emma", "John", "Kate", "Peter"]
LAST = ["Murphy", "Kelly", "O'Sullivan", "Walsh", "Smith", "O'Brien", "Byrne", "Ryan", "O'Connor", "O'Neill",
        "Reilly", "Doyle", "McCarthy", "Gallagher", "Doherty", "Kennedy", "Lynch", "Murray", "Quinn", "Moore",
        "McLoughlin", "Carroll", "Connolly", "Daly", "Connell", "Wilson", "Dunne", "Brennan", "Burke", "Collins"]
# (sport type, weight, trainer): mostly counted cycling, a few runs that a cycling club does not count.
SPORTS = [("Ride", 80, False), ("VirtualRide", 10, True), ("GravelRide", 5, False), ("MountainBikeRide", 2, False),
          ("Run", 3, False)]
NAMES = {"Ride": ["Morning Ride", "Lunch Ride", "Evening Ride", "Club spin", "Coffee loop", "Hill reps"],
         "VirtualRide": ["Zwift - Watopia", "Indoor intervals", "Zone 2 session"],
         "GravelRide": ["Gravel grind", "Forest tracks"], "MountainBikeRide": ["Trail centre"],
         "Run": ["Morning Run", "Easy run"]}


def member_id(index):
    return f"synth-{index:05d}"


def member_name(index):
    rng = random.Random(index * 7919 + 17)
    return rng.choice(FIRST), f"{rng.choice(LAST)} {index}"


def rides(seed, index, weeks, end):
    """Yields (external id, start UTC datetime, sport, distance m, moving s, elapsed s, elevation m, name, trainer,
    commute) for one member, oldest week first; nothing after `end`."""
    rng = random.Random(seed * 1_000_003 + index)
    speed = rng.uniform(5.5, 9.0)  # m/s
    typical_km = rng.uniform(20, 70)
    climb = rng.uniform(3, 15)  # m per km
    commuter = rng.random() < 0.15
    monday = (end - datetime.timedelta(days=end.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    weights = [w for _, w, _ in SPORTS]
    serial = 0
    for week in range(weeks - 1, -1, -1):
        start_of_week = monday - datetime.timedelta(weeks=week)
        for day in sorted(rng.sample(range(7), rng.randint(2, 5))):
            sport, _, trainer = rng.choices(SPORTS, weights)[0]
            start = start_of_week + datetime.timedelta(days=day, hours=rng.randint(6, 18), minutes=rng.randint(0, 59),
                                                       seconds=rng.randint(0, 59))
            serial += 1
            if start > end:
                continue
            km = max(3.0, rng.lognormvariate(0, 0.45) * typical_km) if sport != "Run" else rng.uniform(5, 15)
            distance = round(km * 1000, 1)
            moving = int(distance / (speed if sport != "Run" else 3.0))
            elapsed = moving + rng.randint(0, 1800)
            elevation = 0.0 if trainer else round(km * climb * rng.uniform(0.5, 1.5), 1)
            name = rng.choice(NAMES[sport])
            commute = commuter and sport == "Ride" and day < 5 and rng.random() < 0.4
            yield (str(10_000_000_000 + index * 100_000 + serial), start, sport, distance, moving, elapsed, elevation,
                   name, trainer, commute)


def millis(t):
    return int(t.timestamp() * 1000)


def create_club(args):
    env = dict(os.environ, CLUBHOUSE_SEED_DEMO="false")
    command = [args.bin, "club", "create", "--name", args.name, "--slug", args.slug, "--timezone", args.timezone,
               "--public-feed", "--code", args.code, "--data-dir", args.data_dir, "--log-level", "warning"]
    if args.admin_password:
        command += ["--admin-password", args.admin_password]
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)


def rows_for(args, end):
    now_ms = millis(end)
    for index in range(args.first_member, args.first_member + args.members):
        first, last = member_name(index)
        joined = end - datetime.timedelta(weeks=args.weeks)
        member = (member_id(index), first, last, millis(joined))
        activities = [(r[0], millis(r[1]), r[2], r[3], r[4], r[5], r[6], r[7], int(r[8]), int(r[9]), now_ms)
                      for r in rides(args.seed, index, args.weeks, end)]
        yield member, activities


def write_sqlite(args, club_id, end):
    path = os.path.join(args.data_dir, "clubhouse.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("BEGIN")
    total = 0
    for member, activities in rows_for(args, end):
        db.execute("INSERT INTO cw_members (id, club_id, first_name, last_name, joined_at) VALUES (?, ?, ?, ?, ?)",
                   (member[0], club_id, member[1], member[2], member[3]))
        db.executemany(
            "INSERT INTO cw_activities (club_id, member_id, source, external_id, start_at, sport_type, distance, "
            "moving_time, elapsed_time, elevation, name, trainer, commute, updated_at) "
            "VALUES (?, ?, 'strava', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(club_id, member[0]) + a for a in activities])
        total += len(activities)
    # Rollups written around the server are stale: `club rollups rebuild` (or the server at start-up) rebuilds them.
    stale = ", rollups_version = 0" if any(c[1] == "rollups_version" for c in db.execute("PRAGMA table_info(cw_clubs)")) else ""
    db.execute(f"UPDATE cw_clubs SET data_version = data_version + 1{stale} WHERE id = ?", (club_id,))
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()
    return total


def psql(args, sql, stdin=None):
    return subprocess.run(["psql", args.database_url, "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql], input=stdin,
                          check=True, capture_output=True, text=True).stdout.strip()


def write_postgres(args, club_id, end):
    members, activities = io.StringIO(), io.StringIO()
    mw, aw = csv.writer(members), csv.writer(activities)
    total = 0
    for member, rows in rows_for(args, end):
        mw.writerow((member[0], club_id, member[1], member[2], member[3]))
        for a in rows:
            aw.writerow((club_id, member[0], "strava") + a)
        total += len(rows)
    script = (
        "BEGIN;\n"
        "\\copy cw_members (id, club_id, first_name, last_name, joined_at) FROM '{m}' WITH (FORMAT csv)\n"
        "\\copy cw_activities (club_id, member_id, source, external_id, start_at, sport_type, distance, moving_time, "
        "elapsed_time, elevation, name, trainer, commute, updated_at) FROM '{a}' WITH (FORMAT csv)\n"
        "UPDATE cw_clubs SET data_version = data_version + 1{stale} WHERE id = '{c}';\n"
        "COMMIT;\nANALYZE cw_activities;\nANALYZE cw_members;\n")
    m_path = os.path.join(args.data_dir, "synth-members.csv")
    a_path = os.path.join(args.data_dir, "synth-activities.csv")
    with open(m_path, "w") as f:
        f.write(members.getvalue())
    with open(a_path, "w") as f:
        f.write(activities.getvalue())
    has_rollups = psql(args, "SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 'cw_clubs' "
                             "AND column_name = 'rollups_version'") != "0"
    stale = ", rollups_version = 0" if has_rollups else ""
    subprocess.run(["psql", args.database_url, "-v", "ON_ERROR_STOP=1", "-q"],
                   input=script.format(m=m_path, a=a_path, c=club_id, stale=stale), check=True, text=True)
    os.remove(m_path)
    os.remove(a_path)
    return total


def club_id_of(args):
    if args.database_url:
        return psql(args, f"SELECT id FROM cw_clubs WHERE slug = '{args.slug}'")
    db = sqlite3.connect(os.path.join(args.data_dir, "clubhouse.sqlite"))
    row = db.execute("SELECT id FROM cw_clubs WHERE slug = ?", (args.slug,)).fetchone()
    db.close()
    if not row:
        sys.exit(f"club '{args.slug}' not found")
    return row[0]


def rebuild_rollups(args):
    env = dict(os.environ, CLUBHOUSE_SEED_DEMO="false")
    probe = subprocess.run([args.bin, "club", "rollups", "--help"], capture_output=True, text=True, env=env)
    if probe.returncode != 0:
        print("(this clubhouse has no `club rollups` command: no rollups to rebuild)")
        return
    t0 = time.monotonic()
    subprocess.run([args.bin, "club", "rollups", "rebuild", "--club", args.slug, "--data-dir", args.data_dir,
                    "--log-level", "warning"], check=True, env=env)
    print(f"rollups rebuilt in {time.monotonic() - t0:.1f} s")


def write_csv(args, end):
    os.makedirs(args.out, exist_ok=True)
    header = ["Activity ID", "Activity Date", "Activity Name", "Activity Type", "Elapsed Time", "Distance",
              "Moving Time", "Elevation Gain", "Commute"]
    total = 0
    for index in range(args.first_member, args.first_member + args.members):
        with open(os.path.join(args.out, f"m{index}.csv"), "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(header)
            for r in rides(args.seed, index, args.weeks, end):
                ext, start, sport, distance, moving, elapsed, elevation, name, _, commute = r
                w.writerow([ext, start.strftime("%b %d, %Y, %I:%M:%S %p"), name, sport, elapsed,
                            f"{distance / 1000:.2f}", moving, elevation, "true" if commute else "false"])
                total += 1
    names = os.path.join(args.out, "members.txt")
    with open(names, "w") as f:
        for index in range(args.first_member, args.first_member + args.members):
            first, last = member_name(index)
            f.write(f"m{index}.csv\t{first} {last}\n")
    print(f"wrote {total} rows for {args.members} members into {args.out} (file → member name in {names})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", nargs="?", choices=["db", "csv"], default="db")
    parser.add_argument("--members", type=int, default=100)
    parser.add_argument("--first-member", type=int, default=0, help="index of the first member (csv: new riders)")
    parser.add_argument("--weeks", type=int, default=104, help="weeks of history ending this week (default 2 years)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--end", help="last moment of history, ISO 8601 UTC (default now; fix it to compare runs)")
    parser.add_argument("--data-dir", help="db mode: the server's data directory (created)")
    parser.add_argument("--bin", default=".build/release/clubhouse", help="clubhouse binary")
    parser.add_argument("--slug", default="big")
    parser.add_argument("--name", default="Big Synthetic CC")
    parser.add_argument("--timezone", default="Europe/Dublin")
    parser.add_argument("--code", default="KQMPRTXW22")
    parser.add_argument("--admin-password", default="synthetic-admin-pass")
    parser.add_argument("--no-rollups", action="store_true", help="db: skip `clubhouse club rollups rebuild`")
    parser.add_argument("--out", help="csv mode: directory for the files")
    args = parser.parse_args()
    args.database_url = os.environ.get("DATABASE_URL", "")
    if args.end:
        end = datetime.datetime.fromisoformat(args.end.replace("Z", "+00:00"))
        end = end if end.tzinfo else end.replace(tzinfo=datetime.timezone.utc)
    else:
        end = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    if args.members < 1 or args.weeks < 1:
        sys.exit("--members and --weeks must be at least 1")
    if args.mode == "csv":
        if not args.out:
            sys.exit("csv mode needs --out DIR")
        write_csv(args, end)
        return
    if not args.data_dir:
        sys.exit("db mode needs --data-dir DIR")
    os.makedirs(args.data_dir, exist_ok=True)
    t0 = time.monotonic()
    create_club(args)
    club_id = club_id_of(args)
    total = (write_postgres if args.database_url else write_sqlite)(args, club_id, end)
    print(f"club '{args.slug}' ({club_id}): {args.members} members, {total} activities over {args.weeks} weeks, "
          f"written in {time.monotonic() - t0:.1f} s")
    if not args.no_rollups:
        rebuild_rollups(args)


if __name__ == "__main__":
    main()
