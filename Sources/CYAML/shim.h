#ifndef NIBSCAN_CYAML_SHIM_H
#define NIBSCAN_CYAML_SHIM_H
/* libyaml's event (parser) API: .nibscan.yml is read event by event, so anchors and
   aliases are expanded under our own bounds rather than libyaml's document loader. */
#include <yaml.h>
#endif
