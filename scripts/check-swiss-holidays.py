#!/usr/bin/env python3
"""Cross-check Today in Switzerland's holiday rules with an independent implementation, the `holidays` package.

Usage: check-swiss-holidays.py PATH [--all]
  PATH is swiss-holidays.json or the directory holding it, written by the Swift test HolidayExportTests when
  SWISS_HOLIDAYS_OUT=DIR:  {"years": [...], "cantons": {"ZH": {"2026": [{date, name, kind, statutory, key}]}},
  "cities": {"zurich": {...}}}.
  Requires: pip install holidays==0.109

For 2020-2035 it compares the cantons of the app's seven cities (ZH, BS, BE, GE, VD, LU) with
holidays.Switzerland(subdiv=...), and the City of Zürich (canton days + Sechseläuten and Knabenschiessen) with
subdiv "Stadt Zurich"; with --all every other canton too. Our categories map to the package's:
  public + statutory      -> PUBLIC     (a day equal to a Sunday by law)
  public + not statutory  -> OPTIONAL   (a customary day off)
  halfDay                 -> HALF_DAY
  observance              -> not compared (festivals such as Basel Fasnacht are no days off)
The package's DE_FACTO category (Easter Sunday, Whit Sunday, Federal Fast Sunday in Zürich) is not fetched:
those are Sundays, which we deliberately do not list as holidays.

Every difference is printed. The script exits 1 unless each one is explained by an entry of DELIBERATE (reason
and source); it also exits 1 when a DELIBERATE entry no longer matches anything, so stale entries get removed.
The last line is "swiss holidays: N passed, M failed" (one check per subdivision and year).
"""
import json
import os
import sys
from collections import defaultdict

import holidays
from holidays.constants import HALF_DAY, OPTIONAL, PUBLIC

YEARS = range(2020, 2036)
CHECKED_CANTONS = ["ZH", "BS", "BE", "GE", "VD", "LU"]
ALL_CANTONS = ["AG", "AI", "AR", "BE", "BL", "BS", "FR", "GE", "GL", "GR", "JU", "LU", "NE", "NW", "OW", "SG", "SH",
               "SO", "SZ", "TG", "TI", "UR", "VD", "VS", "ZG", "ZH"]
CITY_SUBDIVISIONS = {"zurich": "Stadt Zurich"}

# Each entry explains differences: subdiv ("ZH", or "city:zurich"), diff ("only_ours", "only_theirs" or
# "category"), name (ours or theirs, German), optional years; with the reason and a source.
DELIBERATE = [
    {
        "subdiv": "ZH", "diff": "only_ours", "name": "Berchtoldstag",
        "reason": "Not in Zürich's Ruhetagsgesetz, but the cantonal administration, banks and most employers close "
                  "on 2 January; we list it as a customary (non-statutory) day off, as the original did for Zürich. "
                  "The package lists it only for the City of Zürich.",
        "source": "zh.ch 'Feiertage' (statutory list without 2 January); Zürcher Bankenverband Feiertagsübersicht",
    },
    {
        "subdiv": "city:zurich", "diff": "category", "name": "Berchtoldstag",
        "reason": "Same day as for the canton (see the ZH entry): a customary day off; the package marks it public "
                  "for the City of Zürich because the city administration closes.",
        "source": "zh.ch 'Feiertage'; stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Vortag vor Karfreitag",
        "reason": "City of Zürich staff rule (afternoon off before Good Friday), not a day the public has off.",
        "source": "stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Vortag vor Auffahrt",
        "reason": "City of Zürich staff rule (half day before Ascension), not a public half day.",
        "source": "stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Heiligabend",
        "reason": "City of Zürich staff half day on 24 December; shops are open, not a public holiday.",
        "source": "stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Vortag vor Neujahr",
        "reason": "City of Zürich staff half day on 31 December, not a public holiday.",
        "source": "stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Brückentag",
        "reason": "City of Zürich administration bridge days (27-30 December), an employer rule.",
        "source": "stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Brückentag nach Auffahrt",
        "reason": "City of Zürich administration bridge day after Ascension (granted in some years), an employer rule.",
        "source": "stadt-zuerich.ch 'Feiertage und Betriebsferientage'",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Knabenschiessen",
        "reason": "The package also lists the fair's Saturday and Sunday as public holidays; they are weekend days. "
                  "We list the Monday afternoon (the day off) only.",
        "source": "holidays package _populate_subdiv_stadt_zurich_public_holidays; knabenschiessen.ch (fair Sat-Mon)",
    },
    {
        "subdiv": "city:zurich", "diff": "only_ours", "name": "Sechseläuten (Nachmittag)", "years": [2030],
        "reason": "Third Monday of April 2030 (15 April) is Monday of Holy Week; by the guilds' rule Sechseläuten "
                  "then moves a week earlier (8 April), as in 2011 and 2019. The package only moves it off Easter "
                  "Monday.",
        "source": "de.wikipedia.org/wiki/Sechseläuten (Termin); Sechseläuten 2019 was on 8 April",
    },
    {
        "subdiv": "city:zurich", "diff": "only_theirs", "name": "Sechseläuten", "years": [2030],
        "reason": "See the 2030 entry above: the package keeps 15 April (Holy Week).",
        "source": "de.wikipedia.org/wiki/Sechseläuten (Termin)",
    },
    # Cantons outside the app's cities (checked with --all only).
    {
        "subdiv": "AI", "diff": "only_ours", "name": "Mauritiustag",
        "reason": "St. Maurice (22 September) is kept in Appenzell Innerrhoden by custom; we list it as a customary "
                  "day off, the package does not (unverified).",
        "source": "brief of the Today in Switzerland port; feiertagskalender.ch (AI)",
    },
    {
        "subdiv": "FR", "diff": "only_ours", "name": "Fronleichnam",
        "reason": "Fribourg's Catholic communes (most of the canton) keep the Catholic days.",
        "source": "fer-ge.ch 'Jours fériés' (communes catholiques); bj.admin.ch kant-feiertage.pdf",
    },
    {
        "subdiv": "FR", "diff": "only_ours", "name": "Mariä Himmelfahrt",
        "reason": "As Fronleichnam: kept in Fribourg's Catholic communes.",
        "source": "fer-ge.ch 'Jours fériés' (communes catholiques)",
    },
    {
        "subdiv": "FR", "diff": "only_ours", "name": "Allerheiligen",
        "reason": "As Fronleichnam: kept in Fribourg's Catholic communes.",
        "source": "fer-ge.ch 'Jours fériés' (communes catholiques)",
    },
    {
        "subdiv": "FR", "diff": "only_ours", "name": "Mariä Empfängnis",
        "reason": "As Fronleichnam: kept in Fribourg's Catholic communes.",
        "source": "fer-ge.ch 'Jours fériés' (communes catholiques)",
    },
    {
        "subdiv": "NE", "diff": "only_ours", "name": "Bettagsmontag",
        "reason": "Lundi du Jeûne is a public holiday in Neuchâtel as in Vaud.",
        "source": "RTN, 16 Sep 2024: 'lundi du jeûne, jour férié à Neuchâtel, Vaud et dans une partie du Jura bernois'",
    },
    {
        "subdiv": "NE", "diff": "only_theirs", "name": "Fronleichnam",
        "reason": "Corpus Christi is kept in only two communes of Neuchâtel (Le Landeron, Le Cerneux-Péquignot).",
        "source": "fr.wikipedia.org/wiki/Jours_fériés_en_Suisse, note on Neuchâtel",
    },
]


def load(path):
    if os.path.isdir(path):
        path = os.path.join(path, "swiss-holidays.json")
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def our_category(entry):
    if entry["kind"] == "halfDay":
        return HALF_DAY
    if entry["kind"] == "public":
        return PUBLIC if entry["statutory"] else OPTIONAL
    return None  # observance: not compared


def their_days(subdiv, year):
    days = defaultdict(list)  # date -> [(name, category)]
    for category in (PUBLIC, HALF_DAY, OPTIONAL):
        for day, names in holidays.Switzerland(subdiv=subdiv, years=year, categories=(category,), language="de").items():
            for name in names.split("; "):
                days[day.isoformat()].append((name, category))
    return days


def compare(label, subdiv, ours_by_year):
    """Yields (label, year, date, diff, names) for every difference."""
    for year in YEARS:
        ours = defaultdict(list)  # date -> [(name, category)]
        for entry in ours_by_year.get(str(year), []):
            category = our_category(entry)
            if category:
                ours[entry["date"]].append((entry["name"], category))
        theirs = their_days(subdiv, year)
        differences = []
        for day in sorted(set(ours) | set(theirs)):
            mine, other = ours.get(day, []), theirs.get(day, [])
            if not other:
                differences.append((day, "only_ours", [n for n, _ in mine], mine, other))
            elif not mine:
                differences.append((day, "only_theirs", [n for n, _ in other], mine, other))
            else:
                their_categories = {c for _, c in other}
                if any(c not in their_categories for _, c in mine):
                    differences.append((day, "category", [n for n, _ in mine + other], mine, other))
        yield label, year, differences


def explanation(label, year, diff, names):
    for entry in DELIBERATE:
        if entry["subdiv"] != label or entry["diff"] != diff:
            continue
        if "years" in entry and year not in entry["years"]:
            continue
        if entry["name"] in names:
            return entry
    return None


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    export = load(args[0])
    cantons = ALL_CANTONS if "--all" in argv else CHECKED_CANTONS
    units = [(c, c, export["cantons"][c]) for c in cantons]
    units += [(f"city:{city}", subdiv, export["cities"][city]) for city, subdiv in CITY_SUBDIVISIONS.items()]

    passed = failed = 0
    used = set()
    for label, subdiv, ours_by_year in units:
        for _, year, differences in compare(label, subdiv, ours_by_year):
            unexplained = 0
            for day, diff, names, mine, other in differences:
                entry = explanation(label, year, diff, names)
                ours_text = ", ".join(f"{n} [{c}]" for n, c in mine) or "-"
                theirs_text = ", ".join(f"{n} [{c}]" for n, c in other) or "-"
                status = "deliberate" if entry else "UNEXPLAINED"
                print(f"{label} {day} {diff}: ours {ours_text} | holidays {theirs_text} -> {status}")
                if entry:
                    used.add(id(entry))
                else:
                    unexplained += 1
            if unexplained:
                failed += 1
            else:
                passed += 1
    checked_labels = {label for label, _, _ in units}
    stale = [e for e in DELIBERATE if e["subdiv"] in checked_labels and id(e) not in used]
    for entry in stale:
        print(f"stale DELIBERATE entry (matches nothing): {entry['subdiv']} {entry['diff']} {entry['name']}")
        failed += 1
    print(f"holidays package {holidays.__version__}; years {YEARS.start}-{YEARS.stop - 1}; "
          f"{', '.join(label for label, _, _ in units)}")
    print(f"swiss holidays: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
