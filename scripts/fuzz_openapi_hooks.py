"""Schemathesis hooks for scripts/fuzz-openapi (loaded through SCHEMATHESIS_HOOKS)."""

import schemathesis


@schemathesis.check
def not_an_undeclared_server_error(ctx, response, case):
    """A 5xx passes only when the operation declares that status (e.g. 503 "Strava is not configured")."""
    if response.status_code < 500:
        return None
    declared = case.operation.definition.raw.get("responses", {})
    code = str(response.status_code)
    if code in declared or f"{code[0]}XX" in declared or "default" in declared:
        return None
    raise AssertionError(f"Undeclared server error {code}: {response.text[:300]}")
