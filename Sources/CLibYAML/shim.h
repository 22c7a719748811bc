#ifndef FOCUSAUDIT_CLIBYAML_SHIM_H
#define FOCUSAUDIT_CLIBYAML_SHIM_H

/* libyaml, the YAML 1.1 parser `.focusaudit.yml` is read with (through its event API). */
#include <yaml.h>

#endif
