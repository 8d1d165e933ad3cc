// The frost subcommand of the fastsecp tool (argv as main() got it, argv[1] == "frost").
#pragma once

int run_frost(int argc, char** argv);
