// Being built by its issue; replaced wholesale by the branch that implements it.
let plotCommand = Command(
    name: "plot",
    synopsis: "SCENE [--quantity path|x|y|speed|offset|error] [--hz N] [--width W] [--height H] [--ascii] [--color auto|always|never]",
    summary: "plot a scene's trajectory in the terminal",
    details: "",
    options: [],
    run: { _, _ in throw CLIError.usage("'bench plot' is not available in this build yet") }
)
