// SportsTime: small enhancements over pages that work without JavaScript.
"use strict";
(function () {
  document.documentElement.classList.add("js");
  // Forms marked data-autosubmit submit when a control changes.
  document.querySelectorAll("[data-autosubmit]").forEach((control) => {
    control.addEventListener("change", () => control.form && control.form.submit());
  });
})();
