// SportsTime wizard: the daily driving limit follows the drivers and hours fields as they change (the server
// renders the same line, and checks the values again).
"use strict";
(function () {
  const drivers = document.getElementById("field-drivers");
  const hours = document.getElementById("field-hours");
  const line = document.getElementById("daily-limit");
  if (!drivers || !hours || !line) return;
  function update() {
    const d = Number(drivers.value), h = Number(hours.value);
    if (!(h >= 1 && h <= 12)) {
      line.textContent = "Hours per driver must be 1 to 12.";
      return;
    }
    const total = Math.round(d * h * 10) / 10;
    line.textContent = "Daily limit: " + total + " h (" + d + " driver" + (d === 1 ? "" : "s") + " × " + h + " h).";
  }
  drivers.addEventListener("change", update);
  hours.addEventListener("input", update);
})();
