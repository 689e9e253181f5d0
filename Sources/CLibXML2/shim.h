// Intentionally empty: this module only carries libxml2's pkg-config flags and
// link line. Swift never imports libxml2's headers (they pull in ICU's, which
// clash with Foundation); only Sources/CXMLShim/xml_shim.c includes them.
#pragma once
