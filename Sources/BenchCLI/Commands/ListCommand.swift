// Being built by its issue; replaced wholesale by the branch that implements it.
let listCommand = Command(
    name: "list",
    synopsis: "",
    summary: "list the benchmarks and scenes",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench list' is not available in this build yet") }
)
