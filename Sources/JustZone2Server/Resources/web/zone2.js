// JustZone2: behaviour every page shares. Page scripts (radio.js, ride.js, …) are loaded after this one.
"use strict";
document.documentElement.classList.add("js");
