// Being built by its issue; replaced wholesale by the branch that implements it.
let springCommand = Command(
    name: "spring",
    synopsis: "[spring options] [--at T,…] [--json FILE]",
    summary: "a spring in every parameter vocabulary, its settling time and exact motion",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench spring' is not available in this build yet") }
)
