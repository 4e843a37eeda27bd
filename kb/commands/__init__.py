"""One module per `kb` command, each with `add_arguments(parser)` and `run(args) -> exit status`."""
