function badgeMarkup(handle) {
  return `<span class="badge">@${handle}</span>`;
}

module.exports = { badgeMarkup };
