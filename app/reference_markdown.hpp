// The generated reference pages (docs/reference/): every lab's parameter table and every verb's
// options as Markdown, built from the tables and the command line's own declarations so they
// cannot drift from the program. `make docs-reference` writes them; tests/app/docs_reference_test.cpp
// fails when the committed pages differ from what this prints.
#pragma once
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace pb::app {

// `playbench params [LAB] --markdown`: every lab's parameters (or LAB's), grouped by lab and
// section: key, label, default, range, unit, description; an enumerated parameter lists its
// names. Exit code 2 for an unknown lab (the reason on `err`).
int params_markdown(const std::string& lab, std::ostream& out, std::ostream& err);

// `playbench help --markdown`: every verb visible in --help with its arguments and options, as
// CLI11 declares them (hidden verbs and options, group "", are left out, as --help leaves them out).
std::string verbs_markdown(const CLI::App& app);

}   // namespace pb::app
