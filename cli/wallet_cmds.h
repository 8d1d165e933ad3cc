// The wallet subcommands of the fastsecp tool (argv as main() got it, argv[1] the command).
#pragma once

int run_derive(int argc, char** argv);
int run_address(int argc, char** argv);
