"""The fake Discord's own tests (the server itself is the top-level package ``fakediscord``)."""
