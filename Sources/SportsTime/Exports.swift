// The shared basics are part of this core's public API (`LocalDate` is `CivilDate`), so every module that imports the
// core sees their members too (with MemberImportVisibility an importer would otherwise need its own
// `import ClubhouseBasics`).
@_exported import ClubhouseBasics
