#!/usr/bin/env python3
"""Fills a Club Weekly club with many members and rides, straight into the SQLite database, for looking at pages of a
big club (screenshots, page sizes) before the data side's generator (`scripts/club-synth.py`) is at hand.

Usage: clubhouse club create --slug big ... --data-dir DIR, then
       python3 scripts/club-pages-seed.py DIR big [members=5000] [weeks=4]
Writes members "Firstname Lastname" with 2-5 rides a week each over the last `weeks` weeks (this week up to now) and
bumps the club's data version. It bypasses the server's write path: use it only on a database no server is writing.
"""
import datetime
import random
import sqlite3
import sys
from pathlib import Path

FIRST = ["Sarah", "James", "Roisin", "Tom", "Aoife", "Ciara", "Liam", "Niamh", "Sean", "Emma", "Conor", "Aisling",
         "Darragh", "Orla", "Padraig", "Siobhan", "Eoin", "Grainne", "Cathal", "Méabh", "Zoë", "Jürgen", "Ana", "Luis"]
LAST = ["Murphy", "Kelly", "Farrell", "Brennan", "Doyle", "Byrne", "Ryan", "O'Brien", "Walsh", "O'Sullivan", "McCarthy",
        "Gallagher", "Kennedy", "Lynch", "Murray", "Quinn", "Moore", "McLoughlin", "Carroll", "Connolly", "Dunne", "Ó Sé"]


def main() -> None:
    data_dir, slug = Path(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
    weeks = int(sys.argv[4]) if len(sys.argv) > 4 else 4
    dbs = [p for p in data_dir.glob("*.sqlite*") if not p.name.endswith(("-wal", "-shm"))] + list(data_dir.glob("*.db"))
    db = sqlite3.connect(dbs[0])
    (club_id,) = db.execute("SELECT id FROM cw_clubs WHERE slug = ?", (slug,)).fetchone()
    random.seed(17)
    now = datetime.datetime.now(datetime.timezone.utc)
    start = now - datetime.timedelta(weeks=weeks)
    ms = lambda t: int(t.timestamp() * 1000)
    members, activities = [], []
    for m in range(count):
        member_id = f"{slug}-m{m}"
        members.append((member_id, club_id, random.choice(FIRST), f"{random.choice(LAST)}{'' if m < 400 else m // 400}",
                        ms(start)))
        speed = random.uniform(5.5, 9.0)
        for week in range(weeks + 1):
            for ride in range(random.randint(2, 5)):
                when = start + datetime.timedelta(weeks=week, days=random.uniform(0, 7))
                if when > now:
                    continue
                km = random.uniform(12, 110)
                moving = int(km * 1000 / speed)
                activities.append((club_id, member_id, "import", f"{member_id}-{week}-{ride}", ms(when),
                                   random.choice(["Ride", "Ride", "Ride", "VirtualRide", "Run"]), km * 1000, moving,
                                   moving + 300, random.uniform(0, 1400), f"Ride {week}.{ride}", 0, 0, ms(now)))
    with db:
        db.executemany("INSERT INTO cw_members (id, club_id, first_name, last_name, joined_at) VALUES (?,?,?,?,?)",
                       members)
        db.executemany(
            "INSERT INTO cw_activities (club_id, member_id, source, external_id, start_at, sport_type, distance, "
            "moving_time, elapsed_time, elevation, name, trainer, commute, updated_at) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", activities)
        db.execute("UPDATE cw_clubs SET data_version = data_version + 1 WHERE id = ?", (club_id,))
    print(f"{count} members, {len(activities)} activities in {slug}")


if __name__ == "__main__":
    main()
