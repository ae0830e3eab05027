// Being built by its issue; replaced wholesale by the branch that implements it.
let allCommand = Command(
    name: "all",
    synopsis: "[--quick] [--json FILE]",
    summary: "the main job: validate the seed scenes, compare integrators on the menu spring, race the kernels against GSL",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench all' is not available in this build yet") }
)
