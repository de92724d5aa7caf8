"""What a person does in the browser: sign in at the test provider, sign out, read the page."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from stack import Stack


def wait(driver: WebDriver, timeout: float = 15) -> WebDriverWait:
    return WebDriverWait(driver, timeout)


def on_provider_sign_in(driver: WebDriver, stack: Stack) -> bool:
    return driver.current_url.startswith(stack.provider_url + "/oauth2/authorize")


def wait_for_provider_sign_in(driver: WebDriver, stack: Stack) -> None:
    wait(driver).until(lambda d: on_provider_sign_in(d, stack))
    wait(driver).until(expected_conditions.presence_of_element_located((By.NAME, "sub")))


def authorize_as(driver: WebDriver, stack: Stack, user: str) -> None:
    """On the provider's sign-in form, choose the predefined user."""
    wait_for_provider_sign_in(driver, stack)
    driver.find_element(By.CSS_SELECTOR, f"button[name='sub'][value='{user}']").click()
    wait(driver).until(lambda d: d.current_url.startswith(stack.base_url))


def deny_consent(driver: WebDriver, stack: Stack) -> None:
    wait_for_provider_sign_in(driver, stack)
    driver.find_element(By.CSS_SELECTOR, "button[name='action'][value='deny']").click()
    wait(driver).until(lambda d: d.current_url.startswith(stack.base_url))


def sign_in(driver: WebDriver, stack: Stack, user: str, path: str = "/guide/") -> None:
    driver.get(stack.base_url + path)
    authorize_as(driver, stack, user)
    wait(driver).until(lambda d: d.current_url == stack.base_url + path)


def body_text(driver: WebDriver) -> str:
    return driver.find_element(By.TAG_NAME, "body").text


def session_cookie(driver: WebDriver) -> dict | None:
    return driver.get_cookie("sitegen-session")
