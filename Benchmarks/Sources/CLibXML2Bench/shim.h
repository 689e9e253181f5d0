// Intentionally empty: this module only carries libxml2's pkg-config flags and link line for the
// benchmarks' XMLSAXShim (Lectern's own CLibXML2 is not a product, so it cannot be reached from here).
// Swift never imports libxml2's headers (they pull in ICU's, which clash with Foundation).
#pragma once
