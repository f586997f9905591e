"""The command line's subcommands, over the same services the window uses.

Which function runs each one is `table.COMMANDS`. This package imports nothing itself:
`sellerdesk.commands.codes` (the exit codes) is imported by every start, the window's
included, and must not bring the commands with it.
"""
