"""The vocabulary of the benchmark corpus: every title, heading, sentence and code line is drawn from these."""

WORDS = """
access account adapter agent alert archive audit backup balance batch billing bucket buffer build
bundle cache catalog certificate channel checkpoint client cluster column commit config connector
console container context contract cookie counter credential cursor dashboard database dataset
deploy device digest directory domain driver endpoint engine entry event export extension feature
filter firewall folder format gateway graph group handler header health host identity image import
index ingress instance invoice job journal kernel key label latency layer ledger library limit link
listener loader lock log manifest mapping marker member message metric mirror model module monitor
mount namespace network node notice object operator option order package page parser partition patch
payload peer permission pipeline plugin policy pool port portal printer probe process profile project
provider proxy queue quota range record region registry release replica report request resource
response revision role route rule runner runtime schedule schema scope script secret segment sensor
server service session shard signal snapshot socket source span stage storage stream subnet switch
table tag task template tenant ticket timer token topic trace tracker trigger tunnel upload user
value vault version view volume webhook widget worker workflow zone
""".split()

VERBS = """
configure create delete deploy enable disable export import inspect install limit migrate monitor
protect publish rebuild recover reload remove rename replace restore review rotate scale secure
share start stop sync test troubleshoot tune update upgrade validate verify
""".split()

ADJECTIVES = """
active automatic available basic cached central common current custom default dedicated external
global hidden internal large local manual minimal nested offline optional primary private public
quick regional remote required scheduled secondary shared simple single small stable static strict
temporary trusted unique
""".split()

LANGUAGES = ["python", "bash", "yaml", "json", "go", "swift", "toml", "javascript"]
