// Being built by its issue; replaced wholesale by the branch that implements it.
let pathCommand = Command(
    name: "path",
    synopsis: "'SVG path data' [--at-distance S,…] [--samples N] [--accuracy A] [--json FILE]",
    summary: "measure a path: segment lengths, total length, position and tangent at distances",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench path' is not available in this build yet") }
)
