// Lekce hry Triangoli, česky: the words of each lesson of the game's kit
// (crates/triangoli/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'setup',
      title: 'Deska a příprava',
      steps: [
        {
          text: 'Deska má 24 očíslovaných trojúhelníků, silnými liniemi seskupených po čtyřech do šesti sektorů, a 19 průsečíků, na kterých stojí figurky. První hráč staví figurku jako první, na libovolný průsečík; střed c3 je rohem šesti trojúhelníků, jednoho v každém sektoru.',
          goal: 'Postavte figurku na c3.',
          hint: 'c3 je uprostřed řady 3, kde se sbíhají všechny silné linie.',
        },
        {
          text: 'Druhý hráč pak postaví figurku na jakýkoli jiný průsečík. Trojúhelník sousedí s průsečíkem, je-li průsečík jedním z jeho tří rohů. Každý hráč má navíc vedle desky 18 válečků: svou zásobu.',
          goal: 'Postavte figurku na roh trojúhelníku 12.',
          hint: 'Trojúhelník 12 je na pravém konci pásu mezi řadami 2 a 3.',
        },
      ],
    },
    {
      id: 'moving',
      title: 'Pohyb figurky',
      steps: [
        {
          text: 'Tah má tři části: pohyb, umístění a výměnu. Figurka jde o 1, 2 nebo 3 kroky po přímce podél linií, bez zatáčení a bez opuštění desky; pak klikněte na prázdný trojúhelník u ní a položte do něj válečky.',
          goal: 'Posuňte figurku z a1 o tři kroky, na c4.',
          hint: 'Linie vedou podél řad a ve dvou šikmých směrech: sledujte šikmou linii z a1 nahoru.',
        },
        {
          text: 'Figurka nesmí projít přes druhou figurku ani na ní skončit, takže vaše figurka může zatarasit linii. Soupeřova figurka na a3 může jít po řadě 3 na b3, c3 nebo d3.',
          goal: 'Táhněte tak, aby soupeřova figurka v příštím tahu nemohla dojít na d3.',
          hint: 'Postavte se na řadu 3 mezi a3 a d3; z c5 tam vede šikmá linie.',
        },
      ],
    },
    {
      id: 'placing',
      title: 'Umístění válečků',
      steps: [
        {
          text: 'Po pohybu položte ze zásoby přesně tolik válečků, kolik kroků figurka ušla, do jednoho prázdného trojúhelníku u figurky. Jeden krok položí jeden váleček; tři kroky tři, všechny do stejného trojúhelníku.',
          goal: 'Položte tři válečky do trojúhelníku 14.',
          hint: 'Jeden roh trojúhelníku 14 leží na řadě 3, tři kroky od e3.',
        },
        {
          text: 'Nelze jít dál, než dovolí zásoba: se dvěma zbylými válečky není povolen žádný pohyb o tři kroky. A kdekoli se figurka zastaví, musí sousedit alespoň s jedním prázdným trojúhelníkem.',
          goal: 'Položte své poslední dva válečky.',
          hint: 'Jděte přesně o dva kroky.',
        },
      ],
    },
    {
      id: 'exchange',
      title: 'Výměna',
      steps: [
        {
          text: 'Po umístění vyměníte soupeřovy válečky u své figurky za své, jeden za každý ušlý krok: každý vzatý se vrací do zásoby majitele a jeho místo zaujme jeden z vaší zásoby. Několik jich může být ze stejného trojúhelníku.',
          goal: 'Vyměňte oba soupeřovy válečky v trojúhelníku 2.',
          hint: 'Potřebujete dva kroky, které skončí na volném rohu trojúhelníku 2.',
        },
        {
          text: 'Vyměníte tolik válečků, kolik bylo kroků, ale nikdy víc, než kolik jich u figurky leží: zastavení na b3, tři kroky daleko, by vyměnilo jen váleček v trojúhelníku 8. Válečky mohou být z různých trojúhelníků.',
          goal: 'Vyměňte soupeřovy válečky v trojúhelníku 8 i v trojúhelníku 9.',
          hint: 'Najděte volný průsečík, který je rohem obou trojúhelníků.',
        },
        {
          text: 'Válečky, které při výměně dáváte, berete z toho, co vám po umístění zbylo v zásobě. Se čtyřmi v zásobě tři kroky položí tři a na výměnu zbude jeden; dva kroky nechají dva.',
          goal: 'Vyměňte dva soupeřovy válečky.',
          hint: 'V trojúhelníku 14 leží dva soupeřovy válečky. Nechoďte dál, než je potřeba, abyste k němu došli.',
        },
      ],
    },
    {
      id: 'sectors',
      title: 'Sektory a převaha',
      steps: [
        {
          text: 'Na konci hry se každý sektor počítá zvlášť: válečky si v něm nechá jen hráč, který jich tam má víc. Sektory jsou číslovány 1 až 6 proti směru hodinových ručiček od pravého horního; sektor 6 tvoří trojúhelníky 5, 10, 11 a 12 a soupeř v něm má jeden váleček.',
          goal: 'Mějte v sektoru 6 (trojúhelníky 5, 10, 11, 12) víc válečků než soupeř.',
          hint: 'Jeden váleček by dal jen rovnost. Jděte o dva kroky na roh trojúhelníku sektoru 6.',
        },
        {
          text: 'Když u figurky leží soupeřovy válečky ve více trojúhelnících, sami volíte, které vyměníte. Sektor 4 tvoří trojúhelníky 1, 6, 7 a 8; sektor 3 trojúhelníky 13, 14, 15 a 20.',
          goal: 'Mějte v sektoru 4 (trojúhelníky 1, 6, 7, 8) víc válečků než soupeř.',
          hint: 'Položte do sektoru 4 a vyměňte také v sektoru 4.',
        },
        {
          text: 'Každá výměna se v sektoru počítá dvakrát: soupeř tam má o váleček méně a vy o jeden víc. Pohyb o tři kroky položí tři válečky a vymění až tři.',
          goal: 'Mějte v sektoru 3 (trojúhelníky 13, 14, 15, 20) víc válečků než soupeř.',
          hint: 'V trojúhelníku 20 leží tři soupeřovy válečky a jeden jeho roh je tři kroky od b1.',
        },
        {
          text: 'Jeden tah může změnit dva sektory: položte do jednoho a vyměňte v druhém. Sektor 5 tvoří trojúhelníky 2, 3, 4 a 9; sektor 6 trojúhelníky 5, 10, 11 a 12.',
          goal: 'Mějte víc válečků než soupeř v sektoru 5 i v sektoru 6.',
          hint: 'Najděte průsečík u trojúhelníku 4, který sousedí i se sektorem 6.',
        },
      ],
    },
    {
      id: 'passing',
      title: 'Vynechání tahu',
      steps: [
        {
          text: 'Hráč bez povoleného tahu musí vynechat; kdo táhnout může, vynechat nesmí. Soupeř má prázdnou zásobu, takže nemůže táhnout, pokud mu válečky nevrátíte: výměna je povinná, kdykoli jeho válečky leží u místa, kde se vaše figurka zastaví.',
          goal: 'Nechte soupeře bez tahu, aby musel vynechat.',
          hint: 'Zastavte u prázdného trojúhelníku, ale u žádného soupeřova válečku.',
        },
        {
          text: 'Figurka se smí zastavit jen u alespoň jednoho prázdného trojúhelníku. Kolem a3 je skoro každý trojúhelník obsazený: soupeřova figurka tam ještě může jít po řadě 3, nebo na a2 k prázdnému trojúhelníku 7.',
          goal: 'Nechte soupeře bez tahu, aby musel vynechat.',
          hint: 'Obě cesty ven je třeba uzavřít v jednom tahu: řadu 3 i trojúhelník 7.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'Konec hry',
      steps: [
        {
          text: 'Hra končí, když nemůže táhnout ani jeden hráč: když je obsazeno všech 24 trojúhelníků, nebo i dřív. Válečky, které zůstaly v zásobě, se nepočítají. Soupeřova figurka na c1 může jít jen na b1, a1, c2, d2 nebo e3.',
          goal: 'Ukončete hru tímto tahem.',
          hint: 'Postavte se figurce na c1 do cesty a zaplňte prázdný trojúhelník, ke kterému by se ještě dostala; ani vám nesmí zbýt žádný váleček.',
        },
        {
          text: 'Soupeř má prázdnou zásobu. Pokud mu váš tah žádný váleček nevrátí a ani vy pak nebudete moci táhnout, hra ihned skončí — a při počítání po sektorech jste napřed, 14 válečků proti 13.',
          goal: 'Ukončete hru hned, jako vítěz.',
          hint: 'Nic nevyměňujte: zastavte tam, kde u figurky neleží žádný soupeřův váleček.',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Počítání',
      steps: [
        {
          text: 'Prázdný je už jen trojúhelník 20, takže hru ukončí kterýkoli tah, který ho zaplní. Pak se počítá sektor po sektoru: hráč s více válečky si je nechá a soupeřovy se odstraní; při rovnosti se odstraní všechny. Vyhrává, komu zbude víc válečků.',
          goal: 'Zaplňte trojúhelník 20 a vyhrajte.',
          hint: 'Spočítejte sektor 3 (trojúhelníky 13, 14, 15, 20): rovnost v něm by odstranila i vaše válečky.',
        },
        {
          text: 'Rovnost odstraní ze sektoru válečky obou hráčů, takže vyrovnáním sektoru, kde vede soupeř, vyřadíte jeho válečky z počítání. Každý tah zde hru ukončí.',
          goal: 'Ukončete hru jako vítěz.',
          hint: 'Podívejte se na sektor 2 (trojúhelníky 16, 21, 22, 23): soupeř tam má tři válečky a vy žádný.',
        },
        {
          text: 'Zbude-li oběma hráčům stejně válečků, vyhrává ten, kdo vyhrál víc sektorů; sektor s rovností nebo prázdný nevyhrál nikdo. Je-li i to stejné, je to remíza.',
          goal: 'Vyhrajte na sektory svým posledním válečkem, který hru ukončí.',
          hint: 'Sektory 5 a 6 jsou oba vyrovnané 3 : 3. Rozhodněte ten, na který dosáhnete.',
        },
      ],
    },
  ],
};
