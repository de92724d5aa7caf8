"""The users of the test provider in `make demo` and the end-to-end tests: ann has the app role Finance.Read,
bob has none."""

DEMO_USERS = [
    {
        "sub": "ann",
        "name": "Ann Lee",
        "email": "ann@example.com",
        "preferred_username": "ann@example.com",
        "tid": "11111111-1111-4111-8111-111111111111",
        "oid": "aaaaaaaa-0000-4000-8000-000000000001",
        "roles": ["Finance.Read"],
    },
    {
        "sub": "bob",
        "name": "Bob Stone",
        "email": "bob@example.com",
        "preferred_username": "bob@example.com",
        "tid": "11111111-1111-4111-8111-111111111111",
        "oid": "bbbbbbbb-0000-4000-8000-000000000002",
        "roles": [],
    },
]
