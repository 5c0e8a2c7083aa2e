// The shared basics are part of this core's public API (``CivilDate`` and ``SeededGenerator`` (``SplitMix64``)), so every module that imports the core sees
// their members too (with MemberImportVisibility an importer would otherwise need its own import).
@_exported import ClubhouseBasics
