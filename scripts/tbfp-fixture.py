#!/usr/bin/env python3
"""Builds the compact Traveling Baseball Fan Problem fixture (Tests/SportsTimeTests/Fixtures/tbfp2019/).

Source: https://github.com/sertalpbilal/traveling-baseball-fan-problem (Apache-2.0), read from a git mirror:

    scripts/tbfp-fixture.py [MIRROR] [OUT]

MIRROR defaults to /work/.mirror/sertalpbilal+traveling-baseball-fan-problem/repo, OUT to the fixture folder.
Writes venues.csv (id, name, city, region, country, latitude, longitude, time zone), games.csv (id, venue, home
team, UTC start) and matrix.csv (from, to, minutes, miles: the repository's OSRM road times between the parks).

Games kept: regular-season home games of each team at its 2019 park, 2019-03-28 … 2019-09-29 (spring training,
the All-Star Game, the London, Monterrey, Tokyo, Omaha and Williamsport games are dropped; rows without a start time
too). Start times come from the "START TIME ET" column (US Eastern, converted to UTC).
"""
import csv
import io
import re
import subprocess
import sys
from datetime import datetime, date
from pathlib import Path
from zoneinfo import ZoneInfo

MIRROR = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/sertalpbilal+traveling-baseball-fan-problem/repo"
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parent.parent / "Tests/SportsTimeTests/Fixtures/tbfp2019"

# Park → (city, region, country, IANA zone). Names as in data/distance.csv.
PARKS = {
    "Angel Stadium": ("Anaheim", "CA", "US", "America/Los_Angeles"),
    "Busch Stadium": ("St. Louis", "MO", "US", "America/Chicago"),
    "Chase Field": ("Phoenix", "AZ", "US", "America/Phoenix"),
    "Citi Field": ("Flushing", "NY", "US", "America/New_York"),
    "Citizens Bank Park": ("Philadelphia", "PA", "US", "America/New_York"),
    "Comerica Park": ("Detroit", "MI", "US", "America/Detroit"),
    "Coors Field": ("Denver", "CO", "US", "America/Denver"),
    "Dodger Stadium": ("Los Angeles", "CA", "US", "America/Los_Angeles"),
    "Fenway Park": ("Boston", "MA", "US", "America/New_York"),
    "Globe Life Park in Arlington": ("Arlington", "TX", "US", "America/Chicago"),
    "Great American Ball Park": ("Cincinnati", "OH", "US", "America/New_York"),
    "Guaranteed Rate Field": ("Chicago", "IL", "US", "America/Chicago"),
    "Kauffman Stadium": ("Kansas City", "MO", "US", "America/Chicago"),
    "Marlins Park": ("Miami", "FL", "US", "America/New_York"),
    "Miller Park": ("Milwaukee", "WI", "US", "America/Chicago"),
    "Minute Maid Park": ("Houston", "TX", "US", "America/Chicago"),
    "Nationals Park": ("Washington", "DC", "US", "America/New_York"),
    "Oakland Coliseum": ("Oakland", "CA", "US", "America/Los_Angeles"),
    "Oracle Park": ("San Francisco", "CA", "US", "America/Los_Angeles"),
    "Oriole Park at Camden Yards": ("Baltimore", "MD", "US", "America/New_York"),
    "PNC Park": ("Pittsburgh", "PA", "US", "America/New_York"),
    "Petco Park": ("San Diego", "CA", "US", "America/Los_Angeles"),
    "Progressive Field": ("Cleveland", "OH", "US", "America/New_York"),
    "Rogers Centre": ("Toronto", "ON", "CA", "America/Toronto"),
    "SunTrust Park": ("Atlanta", "GA", "US", "America/New_York"),
    "T-Mobile Park": ("Seattle", "WA", "US", "America/Los_Angeles"),
    "Target Field": ("Minneapolis", "MN", "US", "America/Chicago"),
    "Tropicana Field": ("St. Petersburg", "FL", "US", "America/New_York"),
    "Wrigley Field": ("Chicago", "IL", "US", "America/Chicago"),
    "Yankee Stadium": ("Bronx", "NY", "US", "America/New_York"),
}
FIRST, LAST = date(2019, 3, 28), date(2019, 9, 29)
EASTERN, UTC = ZoneInfo("America/New_York"), ZoneInfo("UTC")


def show(path: str) -> str:
    return subprocess.run(["git", "-C", MIRROR, "show", f"HEAD:{path}"], check=True, capture_output=True,
                          text=True, encoding="utf-8-sig").stdout


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    coords = {row["Venue"]: row for row in csv.DictReader(io.StringIO(show("data/coords.csv")))}
    with open(OUT / "venues.csv", "w", newline="") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["id", "name", "city", "region", "country", "latitude", "longitude", "time_zone"])
        for name, (city, region, country, zone) in sorted(PARKS.items()):
            row = coords[name]
            # coords.csv has its lat and lon columns swapped; the "Coords" column is (lat, lon).
            lat, lon = (float(x) for x in re.findall(r"-?\d+\.\d+", row["Coords"]))
            out.writerow([slug(name), name, city, region, country, f"{lat:.6f}", f"{lon:.6f}", zone])

    files = subprocess.run(["git", "-C", MIRROR, "ls-tree", "--name-only", "HEAD", "data/"], check=True,
                           capture_output=True, text=True).stdout.split()
    teams = {}
    for line in show("data/team_list.txt").splitlines():
        _, _, team, park = line.split("\t")
        teams[team.split()[-1] if not team.endswith("Sox") and not team.endswith("Jays") else " ".join(team.split()[-2:])] = park
    games = []
    for path in sorted(f for f in files if re.match(r"data/t\d+_", f)):
        for row in csv.DictReader(io.StringIO(show(path))):
            venue = row["LOCATION"].split(" - ")[0]
            subject = row["SUBJECT"]
            if " at " not in subject or not row["START TIME ET"]:
                continue
            home = subject.split(" at ")[1].replace("D-backs", "Diamondbacks")
            if teams.get(home) != venue:  # neutral sites, spring training, the All-Star Game
                continue
            local = datetime.strptime(f'{row["START DATE"]} {row["START TIME ET"]}', "%m/%d/%y %I:%M %p")
            if not FIRST <= local.date() <= LAST:
                continue
            start = local.replace(tzinfo=EASTERN).astimezone(UTC)
            games.append((start, slug(venue), slug(home)))
    games.sort()
    with open(OUT / "games.csv", "w", newline="") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["id", "venue", "home", "start_utc"])
        for index, (start, venue, home) in enumerate(games):
            out.writerow([f"g{index + 1:04d}", venue, home, start.strftime("%Y-%m-%dT%H:%M:%SZ")])

    with open(OUT / "matrix.csv", "w", newline="") as handle:
        out = csv.writer(handle, lineterminator="\n")
        out.writerow(["from", "to", "minutes", "miles"])
        for row in csv.DictReader(io.StringIO(show("data/distance.csv"))):
            if row["name"] == row["name2"]:
                continue
            out.writerow([slug(row["name"]), slug(row["name2"]), f'{float(row["minutes"]):.4f}',
                          f'{float(row["miles"]):.4f}'])
    print(f"{len(PARKS)} venues, {len(games)} games → {OUT}")


if __name__ == "__main__":
    main()
