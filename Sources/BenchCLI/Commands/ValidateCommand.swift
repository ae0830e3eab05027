// Being built by its issue; replaced wholesale by the branch that implements it.
let validateCommand = Command(
    name: "validate",
    synopsis: "[SCENE…] [--hz 60,120] [--mode linear|paced|both] [--seed N] [--json FILE]",
    summary: "check that scenes stay smooth at each refresh rate; exit 1 if any is janky",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench validate' is not available in this build yet") }
)
