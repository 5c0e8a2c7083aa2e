#!/bin/sh
# Checks a SportsTime itinerary PDF with other readers: qpdf's structural check (xref, objects, streams) and
# poppler's pdftotext, which must find a venue name. Usage: scripts/check-trips-pdf.sh <file.pdf> [venue]
# (the sample comes from `TRIPS_PDF_OUT=<dir> swift test --filter PDFWriterTests`).
set -eu
pdf="${1:?usage: check-trips-pdf.sh <file.pdf> [venue name]}"
venue="${2:-Fenway Park}"
[ -s "$pdf" ] || { echo "check-trips-pdf: $pdf is missing or empty" >&2; exit 1; }
qpdf --check "$pdf" >/dev/null || { echo "check-trips-pdf: qpdf --check failed for $pdf" >&2; qpdf --check "$pdf" >&2 || true; exit 1; }
text="$(pdftotext -layout "$pdf" -)"
printf '%s\n' "$text" | grep -q "$venue" || { echo "check-trips-pdf: '$venue' not found in the text of $pdf" >&2; exit 1; }
pages="$(printf '%s' "$text" | tr -cd '\f' | wc -c)"
echo "check-trips-pdf: $pdf OK (qpdf clean, $pages page breaks, '$venue' found)"
