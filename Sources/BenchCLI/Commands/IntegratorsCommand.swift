// Being built by its issue; replaced wholesale by the branch that implements it.
let integratorsCommand = Command(
    name: "integrators",
    synopsis: "[spring options] [--hz 60,120] [--duration S] [--json FILE]",
    summary: "compare every integrator against the exact spring motion",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench integrators' is not available in this build yet") }
)
