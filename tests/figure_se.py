"""Does a figure show the standard error of what it plots?  (Shared by the report and notebook tests.)

The project's rule: every Monte Carlo figure a plot shows carries its standard error, as error
bars (bars, points) or a band (curves), and says which multiple of the SE it draws; an exact
figure (an enumeration) needs none and says "exact".  :func:`missing_se` checks one matplotlib
figure axes by axes:

- an axes with data passes when it draws error bars (an ``ErrorbarContainer``, from
  ``errorbar`` or ``bar(..., yerr=...)``) or a band (a filled polygon collection, from
  ``fill_between``), and its texts (title, axis labels, legend, the figure's title, the label
  of a panel sharing its y axis) name the "SE";
- or when its texts or the figure's title say "exact" (every figure on it is exact), or
  "not an estimate" (one sampled evening, say);
- an image (a heat map) passes when the figure also holds an image whose texts name the "SE"
  (a map of the standard errors beside the map of the figures);
- colour bars and axes without data are skipped.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, (a, b, c) = plt.subplots(1, 3)
>>> _ = a.errorbar([1, 2], [0.5, 0.6], yerr=[0.01, 0.02]); _ = a.set_ylabel("win (±2 SE)")
>>> _ = b.plot([1, 2], [0.3, 0.4]); _ = b.set_title("exact odds")
>>> _ = c.bar([1, 2], [0.3, 0.4])
>>> missing_se(fig)
["axes 3 (''): no error bars or band, and not marked exact"]
>>> plt.close(fig)
"""

from __future__ import annotations

from matplotlib.collections import PolyCollection
from matplotlib.container import ErrorbarContainer
from matplotlib.image import AxesImage

EXEMPT = ("exact", "not an estimate")


def _texts(ax) -> str:
    parts = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    for loc in ("left", "right"):
        parts.append(ax.get_title(loc=loc))
    legend = ax.get_legend()
    if legend is not None:
        parts += [t.get_text() for t in legend.get_texts()]
        parts.append(legend.get_title().get_text())
    fig = ax.figure
    for other in fig.axes:  # panels that share this y axis share its label
        if other is not ax and ax.get_shared_y_axes().joined(ax, other):
            parts.append(other.get_ylabel())
    if getattr(fig, "_suptitle", None) is not None:
        parts.append(fig._suptitle.get_text())
    for other in fig.axes:  # a colour bar's label belongs to the image it explains
        cb = getattr(other, "_colorbar", None)
        if cb is not None and getattr(cb.mappable, "axes", None) is ax:
            parts.append(other.get_ylabel())
            parts.append(other.get_xlabel())
    return " ".join(p for p in parts if p)


def _has_data(ax) -> bool:
    return bool(ax.lines or ax.patches or ax.collections or ax.images or ax.containers)


def missing_se(fig) -> list[str]:
    """Every axes of ``fig`` that plots data without showing its SE (see the module); ``[]`` if none."""
    axes = [ax for ax in fig.axes if getattr(ax, "_colorbar", None) is None and _has_data(ax)]
    se_map = any(ax.images and "SE" in _texts(ax) for ax in axes)
    out = []
    for i, ax in enumerate(axes, 1):
        text = _texts(ax)
        if any(word in text.lower() for word in EXEMPT):
            continue
        bars = any(isinstance(c, ErrorbarContainer) for c in ax.containers)
        band = any(isinstance(c, PolyCollection) for c in ax.collections)
        image = any(isinstance(im, AxesImage) for im in ax.images)
        if bars or band:
            if "SE" not in text:
                out.append(f"axes {i} ({ax.get_title()!r}): error bars or band, but no label names the SE")
        elif image:
            if not se_map:
                out.append(f"axes {i} ({ax.get_title()!r}): a heat map without a map of its SE")
        else:
            out.append(f"axes {i} ({ax.get_title()!r}): no error bars or band, and not marked exact")
    return out
