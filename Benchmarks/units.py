"""How the tables write a figure: seconds to two places below ten, sizes in KiB or MiB."""


def seconds(value: float) -> str:
    return f"{value:.2f} s" if value < 10 else f"{value:.1f} s"


def kib(value: float) -> str:
    return f"{value / 1024:,.0f} KiB"


def mib(value: float) -> str:
    return f"{value / 1024 / 1024:,.1f} MiB"
