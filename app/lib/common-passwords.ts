// Passwords that appear near the top of every leaked-password list, plus Dutch and shop-specific
// favourites (ASVS: refuse the most common passwords). Written by hand; lower-case; compared after
// lower-casing the candidate. Entries shorter than 8 characters never pass the length rule anyway,
// but stay listed so the list also serves as documentation of what people pick.
const LIST = `
123456 123456789 12345678 12345 1234567 1234567890 1234 111111 000000 123123
654321 666666 121212 112233 123321 7777777 11111111 88888888 987654321 99999999
00000000 11223344 147258369 159753 123654 789456 456789 1111111111 0123456789 12341234
1212121212 0987654321 9876543210 12344321 11112222 12121212 13131313 22222222 33333333 44444444
55555555 66666666 77777777 12345678910 123456789a 1234567a 1234qwer 123qwe 123qweasd 123qweasdzxc
147258 147852 147852369 159357 159951 1qaz2wsx 1q2w3e 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y
111222 112233445566 121314 123123123 123456123456 123456654321 123456a 123456aa 123abc 123654789
123789 12qwaszx 131313 1314520 147147 1470258369 159159 159753456 1597534682 168168
171717 181818 191919 200000 202020 212121 222222 232323 252525 282828
292929 303030 321321 321654 333333 369369 420420 444444 454545 456123
456456 4815162342 5201314 520520 555555 5555555555 654321654321 6666666666 686868 696969
741852 741852963 753951 777777 7777777777 789456123 789789 8888888888 888888 963852741
987654 9876543 987654321a 999999 9999999999 01012000 01011990 01011980 11111 22222
100200 101010 10203040 102030 1020304050 112211 123000 123098 123412 1234512345
a123456 a12345678 a1b2c3 a1b2c3d4 abc123 abc1234 abc12345 abcd1234 abcdef abcdefg
abcdefgh abcdefghi abcdef123 aa123456 aaaaaa aaaaaaaa aaaaaaaaaa abc123456 qwe123 q1w2e3r4
q1w2e3r4t5 q1w2e3r4t5y6 qwerty qwertyuiop qwerty123 qwerty1 qwerty12 qwerty1234 qwertyui qwertyu
qwerty12345 qwertz qwertzuiop qwertz123 azerty azertyuiop azerty123 asdfgh asdfghjkl asdfghjk
asdf1234 asdfasdf asdasd asdasdasd asd123 asdf qweasd qweasdzxc qazwsx qazwsxedc
qazwsx123 zaq12wsx zaq1zaq1 zaq1xsw2 xsw2zaq1 zxcvbnm zxcvbn zxcvbnm123 zxcvbnm1 zxc123
qwer1234 qwerasdf 1qazxsw2 2wsx3edc !qaz2wsx 1qaz!qaz qwe123qwe poiuytrewq mnbvcxz lkjhgfdsa
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa$$word
pass1234 pass123 passpass password! password01 password2 password11 password99 passwort passwort1
mypassword newpassword thepassword yourpassword secretpassword changeme changeme1 changeme123 change123 default
letmein letmein1 letmein123 letmeinnow welcome welcome1 welcome12 welcome123 welcome2024 welcome01
iloveyou iloveyou1 iloveyou2 iloveu ilovemyself ilovemymom ilovejesus ilovegod lovelove loveyou
admin admin1 admin123 admin1234 admin12345 administrator adminadmin root toor root123
secret secret1 secret123 topsecret supersecret trustno1 trustnoone nopassword noaccess guest
guest123 user user123 test test123 test1234 testing testing123 tester demo
login login123 access access14 master master123 masterkey mastercard hello hello123 hello1234
helloworld hellokitty sunshine sunshine1 princess princess1 dragon dragon1 dragons monkey monkey1
monkey123 football football1 baseball baseball1 basketball soccer soccer1 hockey tennis golfer
superman batman batman1 spiderman ironman starwars starwars1 startrek pokemon pikachu naruto
shadow shadow1 michael michael1 jennifer jordan jordan23 hunter hunter2 hunter123 killer
charlie charlie1 thomas thomas1 robert andrew daniel daniel1 jessica jessica1 ashley
amanda joshua matthew anthony william nicole michelle melissa christian jasmine
samantha elizabeth victoria alexander alexandra maria patricia stephanie veronica natasha
mustang harley corvette ferrari porsche mercedes yamaha kawasaki ducati chevrolet
whatever freedom computer internet summer summer1 winter autumn spring flower
flowers butterfly cookie cookies chocolate banana orange apple pepper ginger
cheese pizza burger hamburger coffee whiskey vodka cocacola pepsi beer
lovely loveme lover lovers babygirl baby123 angel angels angel1 beautiful
blessed blessing heaven jesus jesus1 christ faith peace trinity matrix
purple yellow silver golden diamond crystal rainbow blue123 red123 green123
qwerty7 666666a 987456 654123 asdqwe123 1234abcd abcd123 a1234567 a123123 1a2b3c4d
iloveyou123 iloveyou! babyboy mybaby sweetie sweetheart honey honey123 darling kitten
tigger tiger tigers lion eagle eagles falcon phoenix wolf wolves
bear bears panther panthers cowboys cowboy yankees lakers chelsea arsenal
liverpool manutd manchester barcelona realmadrid juventus milan bayern dortmund celtic
rangers united city1 london paris berlin madrid newyork america canada
australia england germany france spain italy brazil mexico russia poland
india china japan korea turkey greece sweden norway denmark finland
ncc1701 zeppelin metallica nirvana slipknot eminem rockstar rocknroll guitar music
musicman drummer piano dancer dancing singer superstar celebrity hollywood movie
gamer gaming xbox360 playstation nintendo minecraft fortnite roblox warcraft counter
starcraft diablo zelda mario sonic sega atari tetris pacman arcade
qwerty11 qwe12345 asdf123 zxcv1234 1234asdf 1234zxcv 4321 54321 987 abc
michelle1 nicole1 jessica12 ashley1 amanda1 andrea buster buster1 ranger maggie
ginger1 bailey bailey1 charlie123 rocky rocky1 lucky lucky1 lucky7 max123
molly sophie chloe emma olivia lily bella daisy luna sammy
snoopy garfield scooby scoobydoo doggy puppy puppies kitty kittycat pussycat
fuckyou fuckyou1 fuckoff fucker asshole bitch bitch1 shit shithead biteme
sexy sexy123 sexygirl hottie hotstuff playboy playgirl player player1 stud
cannabis marijuana marihuana weed weed420 420blazeit blazeit ganja kush skunk
hashish hasj wiet wietje joint blowen stoner stoned highlife mary jane420
kiemkracht kiemkracht1 kiemkracht123 zaden zaadjes seeds seedbank growroom growbox kweker
wachtwoord wachtwoord1 wachtwoord12 wachtwoord123 wachtwoord! wachtwoord01 wachtw00rd wachtwoordje mijnwachtwoord nieuwwachtwoord
welkom welkom1 welkom01 welkom12 welkom123 welkom1234 welkom2020 welkom2021 welkom2022 welkom2023
welkom2024 welkom2025 welkom2026 welkom! welkom01! welkomwelkom welkom00 welkom11 welkom99 welkomthuis
geheim geheim1 geheim123 supergeheim heelgeheim geheimpje geheim01 topgeheim nietgeheim geheimwachtwoord
hallo hallo1 hallo12 hallo123 hallo1234 hallohallo hoihoi hoi123 doei doeidoei
voetbal voetbal1 voetbal123 voetballen ajax ajax1900 ajax123 ajaxajax ajaxamsterdam feyenoord
feyenoord1 feyenoord1908 psv psv1913 psveindhoven azalkmaar fctwente twente utrecht fcutrecht vitesse
groningen fcgroningen heerenveen nac nacbreda sparta adodenhaag willem2 rodajc nederland
holland oranje oranje1 hupholland amsterdam amsterdam1 rotterdam rotterdam010 denhaag eindhoven
tilburg breda nijmegen arnhem haarlem leiden delft zwolle maastricht almere
limburg friesland brabant zeeland drenthe gelderland overijssel flevoland belgie vlaanderen
antwerpen brussel gent brugge leuven mechelen hasselt schiedam dordrecht apeldoorn
liefde liefde1 liefje lieverd lieveling schatje schat schat123 schatje1 mijnschat
ikhouvanjou ikhouvanje houvanjou lekker lekkerding knuffel knuffelbeer snoesje poepie scheetje
prinses prinsesje prinsje koning koningin ridder kasteel draak draken tijger
konijn konijntje hondje hond hond123 poes poesje kat katten kater paard
paarden paardje vogel vogeltje vlinder bloem bloemen bloempje tulp tulpen
zonnetje zonneschijn regenboog sterretje maan hemel engel engeltje duivel duiveltje
kabouter kaboutertje sinterklaas zwartepiet kerstmis kerstman pasen oudjaar nieuwjaar verjaardag
appel appeltje aardbei aardbeien banaan kaas kaasje boterham pannenkoek stroopwafel drop
chocolade koekje koekjes snoep taart frietje patat kroket bitterbal hagelslag pindakaas
zomer zomer2020 zomer2021 zomer2022 zomer2023 zomer2024 zomer2025 winter2022 winter2023 winter2024
winter2025 lente2024 herfst2024 zomertijd wintertijd zomervakantie vakantie vakantie1 strand zonnig
maandag dinsdag woensdag donderdag vrijdag zaterdag zondag weekend januari februari
maart april mei juni juli augustus september oktober november december
computer1 internet1 laptop telefoon mobiel toetsenbord beeldscherm printer gebruiker inloggen
aanmelden account account1 klant klant123 bestelling winkel webshop kassa betalen
school school1 schooltje leraar juf meester student studeren huiswerk werk
kantoor baas collega werken welkombij personeel directie afdeling planning inkoop
fiets fietsen auto auto123 motor trein boot vliegtuig tractor trekker
boerderij koe koeien schaap varken kip kippen eend eendje molen
windmolen klompen tulpenbol kaaskop grachten fietsbel dijk polder duinen noordzee
familie gezin mama papa mamapapa oma opa tante oom broer
zus zusje broertje dochter zoon kinderen kindje baby babytje moeder
vader ouders opa123 oma123 mama123 papa123 mamaenpapa vriend vriendin vrienden
vriendschap samen altijd nooit misschien waarom daarom niemand iedereen alles
niets niks vergeten onthouden veilig veiligheid beveiliging sleutel slot deur
huis thuis thuisbasis woning tuin garage zolder kelder keuken slaapkamer
jan piet klaas kees henk bert ernie truus mieke anneke
jeroen sanne lisa lotte emma1 daan sem lucas bram thijs
ruben niels tim jesse luuk milan stijn sven joost martijn
bas koen mark erik peter johan hans willem marco dennis
marieke linda sandra monique esther petra ingrid wendy bianca kim
annemarie jacqueline marianne yvonne angelique chantal priscilla melanie kimberley jessica1990
michiel wouter maarten gerard cornelis hendrik johannes jacobus wilhelmina geertruida
qwerty2020 qwerty2021 qwerty2022 qwerty2023 qwerty2024 password2020 password2021 password2022 password2023 password2024
password2025 welcome2020 welcome2021 welcome2022 welcome2023 welcome2025 summer2020 summer2021 summer2022 summer2023
summer2024 summer2025 winter2020 winter2021 spring2024 autumn2024 fall2024 january february march
1990 1991 1992 1993 1994 1995 1996 1997 1998 1999
2000 2001 2002 2003 2004 2005 2006 2007 2008 2009
2010 2020 2021 2022 2023 2024 2025 2026 19901990 20002000
19801980 19851985 19871987 19881988 19891989 19911991 19921992 19931993 19941994 19951995
19961996 19971997 19981998 19991999 20012001 20022002 20102010 20202020 20212021 20222022
01011970 01011985 01011995 01012001 12345678a 12345678q 1234567q 123456q 123456z 123456789q
123456789z 12345678z zaq123 qwerty123456 1qaz1qaz 1qazzaq1 qazqaz 1a2s3d4f a1s2d3f4 1234rewq
monkey12 dragon12 master12 shadow12 killer12 hunter12 soccer12 tigger12 jordan12 pepper12
iloveyou12 sunshine12 princess12 football12 baseball12 superman12 batman12 michael12 charlie12 welcome1234
qwertyqwerty passwordpassword abcabc abcabc123 abc12345678 aaa111 aaa123 aaaa1111 a1a1a1 1a1a1a
zzzzzz zzzzzzzz xxxxxx xxxxxxxx qqqqqq qqqqqqqq ssssss 1q1q1q1q q1q1q1q1 qaz123
nothing something anything everything someone nobody whatever1 forever forever1 together
friends friend bestfriend family family1 mother father sister brother children
happy happy1 happy123 smile smiley funny crazy cool coolguy awesome
blink182 myspace facebook google youtube twitter instagram tiktok snapchat linkedin
apple123 samsung iphone android nokia motorola sony toshiba dell lenovo
windows windows10 microsoft linux ubuntu debian server backup oracle mysql
cisco juniper router modem wireless wifi wifi123 network netgear linksys
office office365 outlook hotmail gmail yahoo email mailbox postbus inbox
qwerty!@# 1qaz@wsx p@55w0rd p@$$w0rd passw0rd1 passw0rd! pa55w0rd adm1n adm1n123 4dm1n
l3tm31n w3lc0me w3lk0m 1l0v3y0u s3cr3t h4ck3r hacker hacker1 hacking anonymous
zxcvbnm, 1q2w3e4r! q1w2e3 qweqwe qweqweqwe 1qa2ws3ed 1qw23e 12qw12qw 11qq22ww qwaszx
asdzxc asdfghjkl; poiuyt lkjhgf mnbvcx 0okm9ijn 1qazse4 !@#$%^ !@#$%^&* !qaz@wsx
)(*&^%$#@! 1234!@#$ 123!@# !@#123 abc!@# qwe!@# password!@# passw@rd pa$$w0rd1 letme1n
`;

/** Common passwords, lower-case. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
