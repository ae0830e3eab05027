// Being built by its issue; replaced wholesale by the branch that implements it.
let runCommand = Command(
    name: "run",
    synopsis: "[--filter PATTERN] [--quick] [--json FILE] [--save-baseline NAME] [--compare NAME] [--threshold PCT]",
    summary: "run the benchmarks, each raced against its reference",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench run' is not available in this build yet") }
)
