/**
 * The most used passwords of 8 characters or more (from public breach-frequency lists), refused at
 * registration, reset and password change. Shorter ones fail the length rule anyway. Compared
 * lower-cased, so "Password1" is refused with "password1".
 */
const COMMON_PASSWORDS = `
12345678 123456789 1234567890 12345678910 123123123 987654321 11111111 111111111 00000000 88888888
66666666 12341234 11223344 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwertyui qwertyuiop qwerty123 qwerty12
qwerty1234 asdfghjk asdfghjkl zxcvbnm1 zaq12wsx q1w2e3r4 q1w2e3r4t5 1234qwer qwer1234 abcd1234
abc12345 abcdefgh password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword
pa55word passwort motdepasse iloveyou iloveyou1 iloveyou2 sunshine sunshine1 princess princess1
football football1 baseball basketball superman batman123 starwars whatever trustno1 letmein1
welcome1 welcome123 changeme changeme1 administrator admin123 admin1234 adminadmin root1234
computer internet michelle jennifer jessica1 corvette mercedes ferrari1 chocolate butterfly
babygirl1 lovely123 loveyou1 iloveu123 monkey123 dragon123 master123 shadow123 freedom1 ashley123
qazwsxedc zaqxswcd 123qweasd 123qweasdzxc qweasdzxc 1qazxsw2 asd12345 asdf1234 aa123456 a1234567
a12345678 abc123456 qwe12345 qwe123456 12qwaszx 123abc123 11111111a 123456a1 123456789a 1234567a
q1234567 987654321a 999999999 1111111111 147258369 741852963 159753123 789456123 01012000 12121212
10203040 20202020 55555555 77777777 99999999 iloveyou! myspace1 linkedin facebook1 instagram
google123 samsung1 iphone123 dubai123 dubai2024 dubai2025 emirates uae12345 abudhabi sharjah1
ramadan1 allah123 muhammad mohammed mohamed1 bismillah 786786786 pakistan1 india123 cricket1
summer2024 summer2025 winter2024 spring2025 autumn2024 january1 password2024 password2025 welcome2025
`
  .split(/\s+/)
  .filter(Boolean);

const set = new Set(COMMON_PASSWORDS);

export function isCommonPassword(password: string) {
  return set.has(password.trim().toLowerCase());
}
